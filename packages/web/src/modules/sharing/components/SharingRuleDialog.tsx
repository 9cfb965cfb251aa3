import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import {
  isTopLevel,
  SHARING_BASES,
  SHARING_KINDS,
  SHARING_TAX_BASES,
  sharingRuleInput,
  type SharingOptionsDto,
  type SharingRuleDto,
} from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { resolverOver } from '../../../lib/resolver-over';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { FormDialog } from '../../../components/FormDialog';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { OptionSelect } from '../../../components/OptionSelect';
import { ALL } from '../lib';

interface Values {
  doctor: string;
  perawatan: string;
  everyBranch: string;
  kind: string;
  value: string;
  basis: string;
  min_fee: string;
  tax_base: string;
  effective_from: string;
  effective_to: string;
  note: string;
}
type Output = ReturnType<typeof sharingRuleInput.parse>;

const num = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));
const id = (v: string) => (v === ALL ? null : Number(v));

const ruleValues = ({ rule, today }: { rule: SharingRuleDto | null; today: string }): Values => ({
  doctor: rule?.doctor ? String(rule.doctor.id) : ALL,
  perawatan: rule?.perawatan ? String(rule.perawatan.id) : ALL,
  everyBranch: rule && !rule.branch ? '1' : '0',
  kind: rule?.kind ?? 'percent',
  value: rule ? String(rule.value) : '',
  basis: rule?.basis ?? 'list_price',
  min_fee: rule?.min_fee != null ? String(rule.min_fee) : '',
  tax_base: rule?.tax_base ?? 'share',
  effective_from: rule?.effective_from ?? today,
  effective_to: rule?.effective_to ?? '',
  note: rule?.note ?? '',
});

/**
 * 'Tambah Aturan' / 'Ubah': a sharing rule on react-hook-form with the shared sharingRuleInput (the server's rules).
 * The branch is the current branch (a treatment's rule takes the treatment's); only the owner may pick every branch.
 * A rule already used keeps its doctor, treatment and branch, and a change of its terms starts a new version.
 */
export function SharingRuleDialog({
  open,
  rule,
  options,
  today,
  onClose,
}: {
  open: boolean;
  rule: SharingRuleDto | null;
  options: SharingOptionsDto | undefined;
  today: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const owner = isTopLevel(me);
  const resolver = React.useMemo(
    () =>
      resolverOver<Values, unknown, Output>(sharingRuleInput, (v) => ({
        doctor: id(v.doctor),
        perawatan: id(v.perawatan),
        branch: v.everyBranch === '1' ? null : (rule?.branch?.id ?? me.profile_id),
        kind: v.kind,
        value: num(v.value) ?? Number.NaN,
        basis: v.basis,
        min_fee: num(v.min_fee) ?? null,
        tax_base: v.tax_base,
        effective_from: v.effective_from,
        effective_to: v.effective_to || null,
        note: v.note || null,
      })),
    [me.profile_id, rule],
  );
  const create = useMutation({ ...trpc.sharing.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.sharing.update.mutationOptions(), meta: { inlineErrors: true } });
  const edit = React.useMemo(() => ({ rule, today }), [rule, today]);
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver,
    valuesOf: ruleValues,
    edit,
    open,
    save: async (data) => {
      if (rule) {
        const saved = await update.mutateAsync({ id: rule.id, data });
        toast.success(saved.id === rule.id ? 'Aturan sharing diubah' : 'Versi baru aturan sharing disimpan');
      } else {
        await create.mutateAsync(data);
        toast.success('Aturan sharing disimpan');
      }
      await qc.invalidateQueries({ queryKey: trpc.sharing.pathKey() });
      onClose();
    },
  });
  const { register, control, formState, watch } = form;
  const used = !!rule?.used;
  const kind = watch('kind');
  const doctors: [string, string][] = [
    [ALL, 'Semua dokter'],
    ...(options?.doctors ?? []).map((d) => [String(d.id), d.name] as [string, string]),
  ];
  const treatments: [string, string][] = [
    [ALL, 'Semua tindakan'],
    ...(options?.perawatan ?? []).map((p) => [String(p.id), `${p.code} - ${p.name}`] as [string, string]),
  ];
  const err = formState.errors;
  const select = (name: keyof Values, fieldId: string, opts: Record<string, string> | [string, string][]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <OptionSelect id={fieldId} value={field.value} onValueChange={field.onChange} options={opts} />
      )}
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={rule ? 'Ubah Aturan Sharing' : 'Tambah Aturan Sharing'}
      description={
        used
          ? `Aturan ini sudah dipakai ${rule?.used} baris jasa: perubahan nilai berlaku sebagai versi baru mulai tanggal yang dipilih (setelah ${rule?.effective_from}); riwayat tidak berubah.`
          : 'Aturan paling spesifik yang berlaku pada tanggal kunjungan yang dipakai: dokter, lalu tindakan, lalu cabang.'
      }
      submit={submit}
      busy={create.isPending || update.isPending}
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
      submitTestId="sharing-save"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Dokter" htmlFor="sharing-doctor" error={err.doctor}>
          {used ? (
            <p className="text-sm">{rule?.doctor?.name ?? 'Semua dokter'}</p>
          ) : (
            select('doctor', 'sharing-doctor', doctors)
          )}
        </FormField>
        <FormField label="Tindakan" htmlFor="sharing-perawatan" error={err.perawatan}>
          {used ? (
            <p className="text-sm">{rule?.perawatan?.name ?? 'Semua tindakan'}</p>
          ) : (
            select('perawatan', 'sharing-perawatan', treatments)
          )}
        </FormField>
        {owner && !used ? (
          <FormField label="Cabang" htmlFor="sharing-branch" error={err.everyBranch}>
            {select('everyBranch', 'sharing-branch', [
              ['0', 'Cabang ini'],
              ['1', 'Semua cabang'],
            ])}
          </FormField>
        ) : null}
        <FormField label="Jenis" htmlFor="sharing-kind" error={err.kind}>
          {select('kind', 'sharing-kind', SHARING_KINDS)}
        </FormField>
        <FormField
          label={kind === 'percent' ? 'Nilai (%)' : 'Nilai per tindakan (Rp)'}
          htmlFor="sharing-value"
          error={err.value}
        >
          <Input id="sharing-value" inputMode="decimal" aria-invalid={!!err.value} {...register('value')} />
        </FormField>
        <FormField label="Dasar perhitungan" htmlFor="sharing-basis" error={err.basis}>
          {select('basis', 'sharing-basis', SHARING_BASES)}
        </FormField>
        <FormField
          label="Minimum per baris (Rp)"
          htmlFor="sharing-min"
          error={err.min_fee}
          description="Kosongkan bila tidak ada"
        >
          <Input id="sharing-min" inputMode="decimal" aria-invalid={!!err.min_fee} {...register('min_fee')} />
        </FormField>
        <FormField label="Dasar PPh 21" htmlFor="sharing-tax" error={err.tax_base}>
          {select('tax_base', 'sharing-tax', SHARING_TAX_BASES)}
        </FormField>
        <FormField label="Berlaku mulai" htmlFor="sharing-from" error={err.effective_from}>
          <Controller
            control={control}
            name="effective_from"
            render={({ field }) => <DateInput id="sharing-from" value={field.value} onChange={field.onChange} />}
          />
        </FormField>
        <FormField
          label="Berlaku sampai"
          htmlFor="sharing-to"
          error={err.effective_to}
          description="Kosongkan bila tanpa batas"
        >
          <Controller
            control={control}
            name="effective_to"
            render={({ field }) => <DateInput id="sharing-to" value={field.value} onChange={field.onChange} />}
          />
        </FormField>
      </div>
      <FormField label="Catatan" htmlFor="sharing-note" error={err.note}>
        <Textarea id="sharing-note" rows={2} {...register('note')} />
      </FormField>
      <ErrorList items={serverErrors} />
    </FormDialog>
  );
}
