import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { kasirSettingInput, type ErrorItem, type KasirSettingInput } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';

interface Values {
  is_pkp: boolean;
  discount_limit_percent: number | string;
}
/** The shared kasirSettingInput on the form (the percentage typed as text, checked as a number). */
const resolver = zodResolver(kasirSettingInput) as unknown as Resolver<Values, unknown, KasirSettingInput>;

/**
 * 'Pengaturan Kasir' (issue 14): whether the branch is a PKP (PPN on taxable items) and the discount above which a
 * bill needs approval. Shown to whoever manages finance income (the server's rule for PUT /api/kasir/setting).
 */
export function KasirSettings() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery({ ...trpc.kasir.setting.queryOptions(), meta: { inlineErrors: true } });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, KasirSettingInput>({
    resolver,
    defaultValues: { is_pkp: false, discount_limit_percent: 10 },
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  React.useEffect(() => {
    if (q.data) reset({ is_pkp: q.data.is_pkp, discount_limit_percent: q.data.discount_limit_percent });
  }, [q.data, reset]);
  const save = useMutation(
    trpc.kasir.updateSetting.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (r) => {
        toast.success(
          r.pending ? 'Batas diskon baru dikirim dan menunggu persetujuan orang kedua' : 'Pengaturan kasir disimpan',
        );
        await qc.invalidateQueries({ queryKey: trpc.kasir.setting.queryKey() });
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    save.mutate(data);
  });
  return (
    <Card data-testid="kasir-settings">
      <CardHeader>
        <CardTitle>Pengaturan Kasir</CardTitle>
        <CardDescription>
          PPN dikenakan pada item (bukan jasa medis) bila cabang ini PKP; diskon di atas batas perlu persetujuan.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        <form onSubmit={(e) => void submit(e)} className="grid max-w-md gap-3" noValidate>
          <FormField label="Pengusaha Kena Pajak (PKP)" htmlFor="kasir-pkp" error={formState.errors.is_pkp}>
            <Controller
              control={control}
              name="is_pkp"
              render={({ field }) => <Switch id="kasir-pkp" checked={field.value} onCheckedChange={field.onChange} />}
            />
          </FormField>
          <FormField
            label="Batas diskon tanpa persetujuan (%)"
            htmlFor="kasir-discount-limit"
            error={formState.errors.discount_limit_percent}
          >
            <Input
              id="kasir-discount-limit"
              inputMode="decimal"
              className="w-32"
              {...register('discount_limit_percent', { setValueAs: (v: string) => (v === '' ? v : Number(v)) })}
            />
            <p className="text-xs text-muted-foreground">
              Perubahan batas diskon berlaku setelah disetujui orang kedua (bukan pengubahnya).
            </p>
            {q.data?.pending_limit ? (
              <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="kasir-limit-pending">
                Menunggu persetujuan: {q.data.pending_limit.discount_limit_percent}% (diajukan{' '}
                {q.data.pending_limit.requested_by})
              </p>
            ) : null}
          </FormField>
          <ErrorList items={serverErrors} />
          <div>
            <Button type="submit" disabled={save.isPending || q.isPending}>
              Simpan
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
