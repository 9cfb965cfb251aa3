import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { PRICE_KIND_LABEL, priceListInput } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { resolverOver } from '../../../lib/resolver-over';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { FormDialog } from '../../../components/FormDialog';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { OptionSelect } from '../../../components/OptionSelect';
import { priceNumber } from './price-number';
import { useActiveBranches } from '../../../components/BranchFilter';

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

/** The shared `priceListInput` over the texts of the form: the base price has no branch. */
const priceResolver = resolverOver<Values, unknown, Output>(priceListInput, (v) => ({
  kind: v.kind,
  code: v.code,
  profile_id: v.profile_id === BASE ? null : Number(v.profile_id),
  effective_at: v.effective_at,
  price: priceNumber(v.price),
  note: v.note || null,
}));

const priceValues = (today: string): Values => ({
  kind: 'treatment',
  code: '',
  profile_id: BASE,
  effective_at: today,
  price: '',
  note: '',
});

/**
 * 'Tambah Harga': a base price (every branch) or one branch's override, from a date, on the shared priceListInput.
 * Saved, it waits for a second person's approval. A waiting price is edited in `PriceEditDialog`.
 */
export function PriceDialog({ open, today, onClose }: { open: boolean; today: string; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const branches = useActiveBranches(open);
  const create = useMutation({ ...trpc.pricelist.create.mutationOptions(), meta: { inlineErrors: true } });
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver: priceResolver,
    valuesOf: priceValues,
    edit: today,
    open,
    save: async (data) => {
      await create.mutateAsync(data);
      toast.success('Harga disimpan; menunggu persetujuan');
      await qc.invalidateQueries({ queryKey: trpc.pricelist.pathKey() });
      onClose();
    },
  });
  const { register, control, formState } = form;
  const err = formState.errors;
  const branchOptions: [string, string][] = [
    [BASE, 'Semua cabang (harga dasar)'],
    ...(branches.data ?? []).map((b) => [String(b.id), b.name] as [string, string]),
  ];
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Tambah Harga"
      description="Harga dasar berlaku di semua cabang kecuali cabang yang punya harga cabang sendiri. Harga baru berlaku mulai tanggalnya setelah disetujui orang lain; tagihan kunjungan sebelumnya tidak berubah."
      submit={submit}
      busy={create.isPending}
      className="max-h-[90vh] max-w-xl overflow-y-auto"
      submitTestId="price-save"
    >
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
        <FormField label="Kode" htmlFor="price-code" error={err.code} description="Kode perawatan atau item di master">
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
    </FormDialog>
  );
}
