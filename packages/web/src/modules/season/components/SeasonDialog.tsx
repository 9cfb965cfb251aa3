import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { SEASON_STATUS, seasonInput, type SeasonDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { resolverOver } from '../../../lib/resolver-over';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { FormDialog } from '../../../components/FormDialog';
import { Checkbox } from '../../../components/ui/checkbox';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { OptionSelect } from '../../../components/OptionSelect';
import { useActiveBranches } from '../../../components/BranchFilter';

interface Values {
  name: string;
  start_at: string;
  end_at: string;
  branches: number[];
  revenue_target: string;
  status: string;
  note: string;
}
type Output = ReturnType<typeof seasonInput.parse>;

const num = (v: string) => (v.trim() === '' ? 0 : Number(v.replace(/\./g, '').replace(',', '.')));

/** The shared `seasonInput` over the texts of the form (what the dialog has always sent). */
const seasonResolver = resolverOver<Values, unknown, Output>(seasonInput, (v) => ({
  ...v,
  revenue_target: num(v.revenue_target),
  status: Number(v.status),
  note: v.note || null,
}));

const seasonValues = ({ season, today }: { season: SeasonDto | null; today: string }): Values => ({
  name: season?.name ?? '',
  start_at: season?.start_at ?? today,
  end_at: season?.end_at ?? today,
  branches: season?.branches.map((b) => b.id) ?? [],
  revenue_target: season ? String(season.revenue_target) : '',
  status: String(season?.status ?? 0),
  note: season?.note ?? '',
});

/** 'Tambah Musim Promo' / 'Ubah Musim Promo' on the shared seasonInput (the server's rules). */
export function SeasonDialog({
  open,
  season,
  today,
  onClose,
}: {
  open: boolean;
  season: SeasonDto | null;
  today: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const branches = useActiveBranches(open);
  const create = useMutation({ ...trpc.season.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.season.update.mutationOptions(), meta: { inlineErrors: true } });
  const edit = React.useMemo(() => ({ season, today }), [season, today]);
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver: seasonResolver,
    valuesOf: seasonValues,
    edit,
    open,
    save: async (data) => {
      if (season) await update.mutateAsync({ id: season.id, data });
      else await create.mutateAsync(data);
      toast.success(season ? 'Musim promo diubah' : 'Musim promo disimpan');
      await qc.invalidateQueries({ queryKey: trpc.season.pathKey() });
      onClose();
    },
  });
  const { register, control, formState } = form;
  const err = formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={season ? 'Ubah Musim Promo' : 'Tambah Musim Promo'}
      description="Satu cabang hanya boleh punya satu musim promo aktif pada satu tanggal."
      submit={submit}
      busy={create.isPending || update.isPending}
      className="max-h-[90vh] max-w-xl overflow-y-auto"
      submitTestId="season-save"
    >
      <FormField label="Nama" htmlFor="season-name" error={err.name}>
        <Input id="season-name" aria-invalid={!!err.name} {...register('name')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Mulai" htmlFor="season-start" error={err.start_at}>
          <Controller
            control={control}
            name="start_at"
            render={({ field }) => <DateInput id="season-start" value={field.value} onChange={field.onChange} />}
          />
        </FormField>
        <FormField label="Selesai" htmlFor="season-end" error={err.end_at}>
          <Controller
            control={control}
            name="end_at"
            render={({ field }) => <DateInput id="season-end" value={field.value} onChange={field.onChange} />}
          />
        </FormField>
        <FormField label="Target pendapatan (Rp)" htmlFor="season-target" error={err.revenue_target}>
          <Input id="season-target" inputMode="decimal" {...register('revenue_target')} />
        </FormField>
        <FormField label="Status" htmlFor="season-status" error={err.status}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <OptionSelect
                id="season-status"
                value={field.value}
                onValueChange={field.onChange}
                options={SEASON_STATUS}
              />
            )}
          />
        </FormField>
      </div>
      <FormField label="Cabang" htmlFor="season-branches" error={err.branches as never}>
        <Controller
          control={control}
          name="branches"
          render={({ field }) => (
            <div id="season-branches" className="grid gap-2 sm:grid-cols-2">
              {(branches.data ?? []).map((b) => (
                <label key={b.id} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={field.value.includes(b.id)}
                    onCheckedChange={(on) =>
                      field.onChange(on ? [...field.value, b.id] : field.value.filter((x) => x !== b.id))
                    }
                  />
                  {b.name}
                </label>
              ))}
            </div>
          )}
        />
      </FormField>
      <FormField label="Catatan" htmlFor="season-note" error={err.note}>
        <Textarea id="season-note" rows={2} {...register('note')} />
      </FormField>
      <ErrorList items={serverErrors} />
    </FormDialog>
  );
}
