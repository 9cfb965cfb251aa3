import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { satusehatMapInput, type ErrorItem, type SatusehatMapInput, type SatusehatMapRowDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/FormDialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';

export const CODE_LABEL: Record<SatusehatMapRowDto['kind'], string> = {
  location: 'ID Location SATUSEHAT',
  practitioner: 'Nomor IHS nakes',
  patient: 'Nomor IHS pasien',
  item: 'Kode KFA',
  treatment: 'Kode ICD-9-CM',
};

type Values = { kind: string; local_key: string; code: string; display: string };
const resolver = zodResolver(satusehatMapInput) as unknown as Resolver<Values, unknown, SatusehatMapInput>;

/** Maps one local thing (a room kind, a doctor, a patient, an item, a treatment) to its SATUSEHAT code. */
export function MapDialog({
  row,
  onClose,
  onSaved,
}: {
  row: SatusehatMapRowDto;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, SatusehatMapInput>({
    resolver,
    defaultValues: { kind: row.kind, local_key: row.local_key, code: row.code ?? '', display: row.display ?? '' },
  });
  const save = useMutation(
    trpc.satusehat.saveMapping.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: () => {
        toast.success('Pemetaan disimpan');
        onSaved();
        onClose();
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const submit = form.handleSubmit((data) => {
    setServerErrors([]);
    save.mutate(data);
  });
  return (
    <FormDialog open onClose={onClose} title={`Pemetaan: ${row.name}`} submit={submit} busy={save.isPending}>
      <FormField label={CODE_LABEL[row.kind]} htmlFor="ss-map-code" error={form.formState.errors.code} required>
        <Input id="ss-map-code" autoComplete="off" {...form.register('code')} />
      </FormField>
      <FormField label="Nama di SATUSEHAT (opsional)" htmlFor="ss-map-display" error={form.formState.errors.display}>
        <Input id="ss-map-display" autoComplete="off" {...form.register('display')} />
      </FormField>
      <ErrorList items={serverErrors} />
    </FormDialog>
  );
}
