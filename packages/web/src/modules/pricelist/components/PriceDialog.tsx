import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PRICE_KIND_LABEL, priceListInput, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { resolverOver } from '../../../lib/resolver-over';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { OptionSelect } from '../../../components/OptionSelect';

interface Values {
  kind: string;
  code: string;
  profile_id: string;
  effective_at: string;
  price: string;
  note: string;
}
type Output = ReturnType<typeof priceListInput.parse>;

const BASE = 'base';
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(/\./g, '').replace(',', '.')));

/**
 * 'Tambah Harga': a base price (every branch) or one branch's override, from a date, on the shared priceListInput.
 * Saved, it waits for a second person's approval.
 */
export function PriceDialog({ open, today, onClose }: { open: boolean; today: string; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const branches = useQuery({
    ...trpc.branches.list.queryOptions({ isallbranch: 1, status: 1 }),
    enabled: open,
    meta: { silent: true },
  });
  const resolver = React.useMemo(
    () =>
      resolverOver<Values, unknown, Output>(priceListInput, (v) => ({
        kind: v.kind,
        code: v.code,
        profile_id: v.profile_id === BASE ? null : Number(v.profile_id),
        effective_at: v.effective_at,
        price: num(v.price),
        note: v.note || null,
      })),
    [],
  );
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched' });
  const { register, control, handleSubmit, reset, formState } = form;
  React.useEffect(() => {
    if (!open) return;
    setServerErrors([]);
    reset({ kind: 'treatment', code: '', profile_id: BASE, effective_at: today, price: '', note: '' });
  }, [open, today, reset]);
  const create = useMutation(
    trpc.pricelist.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        toast.success('Harga disimpan; menunggu persetujuan');
        await qc.invalidateQueries({ queryKey: trpc.pricelist.pathKey() });
        onClose();
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const err = formState.errors;
  const branchOptions: [string, string][] = [
    [BASE, 'Semua cabang (harga dasar)'],
    ...(branches.data ?? []).map((b) => [String(b.id), b.name] as [string, string]),
  ];
  const busy = create.isPending;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <form onSubmit={(e) => void handleSubmit((data) => create.mutate(data))(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>Tambah Harga</DialogTitle>
            <DialogDescription>
              Harga dasar berlaku di semua cabang kecuali cabang yang punya harga cabang sendiri. Harga baru berlaku
              mulai tanggalnya setelah disetujui orang lain; tagihan kunjungan sebelumnya tidak berubah.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Jenis" htmlFor="price-kind" error={err.kind}>
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <OptionSelect
                    id="price-kind"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={PRICE_KIND_LABEL}
                  />
                )}
              />
            </FormField>
            <FormField
              label="Kode"
              htmlFor="price-code"
              error={err.code}
              description="Kode perawatan atau item di master"
            >
              <Input id="price-code" aria-invalid={!!err.code} {...register('code')} />
            </FormField>
            <FormField label="Cabang" htmlFor="price-branch" error={err.profile_id}>
              <Controller
                control={control}
                name="profile_id"
                render={({ field }) => (
                  <OptionSelect
                    id="price-branch"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={branchOptions}
                  />
                )}
              />
            </FormField>
            <FormField label="Berlaku mulai" htmlFor="price-from" error={err.effective_at}>
              <Controller
                control={control}
                name="effective_at"
                render={({ field }) => <DateInput id="price-from" value={field.value} onChange={field.onChange} />}
              />
            </FormField>
            <FormField label="Harga (Rp)" htmlFor="price-price" error={err.price}>
              <Input id="price-price" inputMode="decimal" aria-invalid={!!err.price} {...register('price')} />
            </FormField>
          </div>
          <FormField label="Catatan" htmlFor="price-note" error={err.note}>
            <Textarea id="price-note" rows={2} {...register('note')} />
          </FormField>
          <ErrorList items={serverErrors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Batal
            </Button>
            <Button type="submit" disabled={busy} data-testid="price-save">
              Simpan
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
