import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  PAKET_TYPE_KINDS,
  paketTypeInput,
  type ErrorItem,
  type PaketTypeDto,
  type PaketTypeInput,
} from '@klinik/shared';
import { useBranchToday } from '../../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../../lib/trpc';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../../components/OptionSelect';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { DateInput } from '../../../../components/ui/date-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../../components/ui/select';

/** The select's value for 'no season' (a Select item cannot have an empty value). */
const NO_SEASON = 'none';

interface Values {
  name: string;
  type: string;
  start_at: string;
  end_at: string;
  status: string;
  season_id: string;
}

const toValues = (t: PaketTypeDto | null, today: string): Values =>
  t
    ? {
        name: t.name,
        type: String(t.type),
        start_at: t.start_at,
        end_at: t.end_at ?? '',
        status: String(t.status),
        season_id: t.season_id ? String(t.season_id) : '',
      }
    : { name: '', type: '1', start_at: today, end_at: '', status: '1', season_id: '' };

/**
 * 'Jenis Paket' create/edit dialog of /paket/promosi: react-hook-form over the shared `paketTypeInput` (the same
 * rules the server applies), errors next to their field, the server's field errors put back on the field.
 */
export function TypeDialog({
  type,
  open,
  onClose,
  onSaved,
}: {
  type: PaketTypeDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const create = useMutation({ ...trpc.paket.createType.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.paket.updateType.mutationOptions(), meta: { inlineErrors: true } });
  const busy = create.isPending || update.isPending;
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, PaketTypeInput>({
    resolver: zodResolver(paketTypeInput) as never,
    defaultValues: toValues(type, today),
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, watch, formState } = form;
  const errors = formState.errors;
  const isPromo = watch('type') === '1';
  // The promo seasons running in this branch; a closed one is offered only to the type that has it.
  const seasons = useQuery({ ...trpc.paket.seasons.queryOptions({}), enabled: open, meta: { inlineErrors: true } });
  const seasonChoices = (seasons.data ?? []).filter((s) => s.status !== 2 || s.id === type?.season_id);

  React.useEffect(() => {
    if (open) {
      reset(toValues(type, today));
      setServerErrors([]);
    }
  }, [open, type, today, reset]);

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    // Only a promo package type belongs to a season.
    const payload = {
      ...data,
      end_at: data.end_at || null,
      season_id: data.type === 1 ? (data.season_id ?? null) : null,
    };
    try {
      if (type) await update.mutateAsync({ id: type.id, data: payload });
      else await create.mutateAsync(payload);
      onSaved();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (o || busy ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{type ? 'Ubah Jenis Paket' : 'Jenis Paket Baru'}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3">
            <FormField label="Nama" htmlFor="type-name" error={errors.name} required>
              <Input id="type-name" aria-invalid={!!errors.name} {...register('name')} />
            </FormField>
            <FormField label="Jenis" htmlFor="type-type" error={errors.type} required>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <OptionSelect
                    id="type-type"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={PAKET_TYPE_KINDS}
                  />
                )}
              />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Mulai" htmlFor="type-start" error={errors.start_at} required>
                <Controller
                  control={control}
                  name="start_at"
                  render={({ field }) => (
                    <DateInput
                      id="type-start"
                      value={field.value}
                      onChange={field.onChange}
                      aria-invalid={!!errors.start_at}
                    />
                  )}
                />
              </FormField>
              <FormField label="Berakhir" htmlFor="type-end" error={errors.end_at}>
                <Controller
                  control={control}
                  name="end_at"
                  render={({ field }) => (
                    <DateInput
                      id="type-end"
                      value={field.value}
                      onChange={field.onChange}
                      aria-invalid={!!errors.end_at}
                    />
                  )}
                />
              </FormField>
            </div>
            {isPromo ? (
              <FormField label="Musim Promo" htmlFor="type-season" error={errors.season_id}>
                <Controller
                  control={control}
                  name="season_id"
                  render={({ field }) => (
                    <Select
                      value={field.value || NO_SEASON}
                      onValueChange={(v) => field.onChange(v === NO_SEASON ? '' : v)}
                      disabled={seasons.isPending}
                    >
                      <SelectTrigger id="type-season" className="w-full" aria-invalid={!!errors.season_id}>
                        <SelectValue placeholder={seasons.isPending ? 'Memuat...' : 'Tanpa musim promo'} />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NO_SEASON}>Tanpa musim promo</SelectItem>
                        {seasonChoices.map((s) => (
                          <SelectItem key={s.id} value={String(s.id)}>
                            {s.name} ({formatDate(s.start_at)} - {formatDate(s.end_at)})
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
            ) : null}
            <FormField label="Status" htmlFor="type-status">
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <OptionSelect
                    id="type-status"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={ACTIVE_STATUS_OPTIONS}
                  />
                )}
              />
            </FormField>
            <ErrorList items={serverErrors} />
          </div>
          <FormDialogFooter busy={busy} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
