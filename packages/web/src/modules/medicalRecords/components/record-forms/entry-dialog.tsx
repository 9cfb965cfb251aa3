import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import {
  formatRupiah,
  MSG,
  RM_KIND_LABEL,
  type ErrorItem,
  type RmEntryDto,
  type RmKind,
  type RmOptionDto,
} from '@klinik/shared';
import { newIdempotencyKey } from '../../../../lib/api';
import { errorItems, TOAST_MS, useTRPC, useTRPCClient } from '../../../../lib/trpc';
import { AllergyOverrideDialog, splitAllergyErrors } from '../../../../components/AllergyOverride';
import { Combobox } from '../../../../components/ui/combobox';
import { applyServerErrors, FormField } from '../../../../components/ui/form';
import { Textarea } from '../../../../components/ui/textarea';
import { type AnyInput, correctEntry, createEntry } from './entry-api';

/** What the record entry dialogs share: their props, the save logic, the reason field, the staff and item pickers. */
/** What every entry dialog gets: the visit, the entry to correct (none: a new one), and whether a reason is needed. */
export interface EntryDialogProps {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  visitId: number;
  /** The entry to correct; absent: a new entry. */
  entry?: RmEntryDto | null;
  /** The record is finished: a new entry is a correction too and needs a reason. */
  finished: boolean;
  /** The patient's recorded allergies (prescriptions show them and ask for a reason when a drug matches). */
  allergies?: string[];
}

/** The shared save logic of the entry dialogs: Idempotency-Key per opened dialog, errors next to the fields. */
export function useEntrySave<T extends FieldValues>(
  kind: RmKind,
  p: EntryDialogProps,
  form: Parameters<typeof applyServerErrors<T>>[0],
) {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [key, setKey] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  // A drug refused for an allergy: the request waits for the override's reason (AllergyOverrideDialog).
  const [held, setHeld] = React.useState<{ input: AnyInput; messages: string[] } | null>(null);
  React.useEffect(() => {
    if (p.open) {
      setKey(newIdempotencyKey());
      setErrors([]);
      setHeld(null);
    }
  }, [p.open]);
  const save = async (input: AnyInput) => {
    setBusy(true);
    setErrors([]);
    setHeld(null);
    try {
      if (p.entry) await correctEntry(client, kind, p.entry.id, { ...input, version: p.entry.version });
      else await createEntry(client, kind, p.visitId, input, key);
      toast.success(`${RM_KIND_LABEL[kind]}: ${p.entry ? 'perbaikan disimpan' : MSG.actionSuccess}`, {
        duration: TOAST_MS,
      });
      await queryClient.invalidateQueries(trpc.medicalRecords.pathFilter());
      await queryClient.invalidateQueries({ queryKey: ['rm-history'] });
      p.onOpenChange(false);
    } catch (err) {
      const { allergy, rest } = splitAllergyErrors(errorItems(err));
      if (allergy.length) setHeld({ input, messages: allergy });
      setErrors(applyServerErrors(form, rest));
    } finally {
      setBusy(false);
    }
  };
  const overrideDialog = (
    <AllergyOverrideDialog
      messages={held?.messages ?? []}
      onCancel={() => setHeld(null)}
      onConfirm={(reason) => save({ ...held!.input, allergy_override: reason })}
    />
  );
  return { save, busy, errors, overrideDialog };
}

export function ReasonField({
  show,
  error,
  register,
}: {
  show: boolean;
  error?: string;
  register: React.ComponentProps<'textarea'>;
}) {
  if (!show) return null;
  return (
    <FormField label="Alasan perbaikan" htmlFor="rm-reason" error={error} required>
      <Textarea id="rm-reason" rows={2} aria-invalid={!!error} {...register} />
    </FormField>
  );
}

export const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export type Option = RmOptionDto;

export function useStaff(open: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.medicalRecords.options.staff.queryOptions(), enabled: open, staleTime: 60_000 });
}

export function ItemPicker({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: Option | null;
  onChange: (o: Option | null) => void;
  invalid?: boolean;
}) {
  const client = useTRPCClient();
  return (
    <Combobox<Option>
      id={id}
      queryKey={['rm-options', 'item']}
      search={(text, signal) => client.medicalRecords.options.item.query({ keyword: text || undefined }, { signal })}
      value={value}
      onChange={onChange}
      getKey={(o) => o.id}
      getLabel={(o) => `${o.name} (${o.unit ?? ''})`}
      renderItem={(o) => (
        <div className="flex justify-between gap-2">
          <span>
            {o.name} <span className="text-xs text-muted-foreground">{o.unit}</span>
            {o.generic_name ? <span className="block text-xs text-muted-foreground">{o.generic_name}</span> : null}
          </span>
          <span className="text-muted-foreground tabular-nums">{formatRupiah(o.price)}</span>
        </div>
      )}
      invalid={invalid}
      placeholder="Pilih item..."
    />
  );
}
