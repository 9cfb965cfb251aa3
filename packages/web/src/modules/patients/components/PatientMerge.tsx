import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { GitMerge } from 'lucide-react';
import { toast } from 'sonner';
import {
  canFeature,
  isTopLevel,
  patientMergeInput,
  type ErrorItem,
  type PatientMergeInput,
  type UserDto,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { formatDateTime } from '../../../lib/format';
import { PatientPicker, type PatientRef } from '../../../components/PatientPicker';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';

/** What the form holds before the shared schema checks it (no survivor picked yet). */
interface Values {
  survivor: number | undefined;
  merged: number;
  reason: string;
}

/** The text a request shows once sent: another owner/developer approves it in 'Persetujuan'. */
export const MERGE_REQUESTED = 'Permintaan penggabungan dikirim, menunggu persetujuan owner/developer lain';

/**
 * Issue 26 item 3 on a patient's page: 'Digabung ke <NO RM.>' for a merged patient, 'Riwayat Penggabungan' when the
 * patient took part in merges (PASIEN read), and 'Gabungkan Pasien' for owner and developer (the endpoint's
 * `access.toplevel()`): this patient is the duplicate, the patient picked keeps its NO RM.
 */
export function PatientMergeSection({ patient }: { patient: UserDto }) {
  const me = useSession();
  const trpc = useTRPC();
  const [open, setOpen] = React.useState(false);
  const canRead = canFeature(me, 'PASIEN', 'read');
  const trace = useQuery({ ...trpc.users.patientMerges.queryOptions({ id: patient.id }), enabled: canRead });
  const rows = trace.data ?? [];
  const into = patient.merged_into ? rows.find((r) => r.merged.id === patient.id)?.survivor : undefined;
  const canMerge = isTopLevel(me) && !patient.merged_into;
  if (!canMerge && !patient.merged_into && rows.length === 0) return null;
  return (
    <section className="grid gap-3" data-testid="patient-merge-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Riwayat Penggabungan</h2>
        {canMerge ? (
          <Button variant="outline" onClick={() => setOpen(true)} data-testid="patient-merge-button">
            <GitMerge /> Gabungkan Pasien
          </Button>
        ) : null}
      </div>
      {patient.merged_into ? (
        <p
          className="rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm"
          data-testid="patient-merged-into"
        >
          Digabung ke {into ? `NO RM. ${into.username} (${into.name})` : 'pasien lain'}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="grid gap-2 text-sm" data-testid="patient-merge-trace">
          {rows.map((r) => (
            <li key={r.id} className="rounded-md border px-3 py-2">
              <div>
                NO RM. <span className="font-mono">{r.merged.username}</span> ({r.merged.name}) digabung ke NO RM.{' '}
                <span className="font-mono">{r.survivor.username}</span> ({r.survivor.name})
              </div>
              <div className="text-xs text-muted-foreground">
                {formatDateTime(r.created_at)} · diminta {r.requested_by.name} · disetujui {r.approved_by.name} ·
                alasan: {r.reason}
              </div>
            </li>
          ))}
        </ul>
      ) : !patient.merged_into ? (
        <p className="text-sm text-muted-foreground">Belum pernah digabungkan.</p>
      ) : null}
      {canMerge ? <PatientMergeDialog patient={patient} open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}

function PatientMergeDialog({
  patient,
  open,
  onOpenChange,
}: {
  patient: UserDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const fresh = React.useCallback(
    (): Values => ({ survivor: undefined, merged: patient.id, reason: '' }),
    [patient.id],
  );
  const form = useForm<Values, unknown, PatientMergeInput>({
    resolver: zodResolver(patientMergeInput) as unknown as Resolver<Values, unknown, PatientMergeInput>,
    defaultValues: fresh(),
  });
  const { control, register, handleSubmit, reset, formState } = form;
  const [picked, setPicked] = React.useState<PatientRef | null>(null);
  const [rest, setRest] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    if (!open) return;
    reset(fresh());
    setPicked(null);
    setRest([]);
  }, [open, reset, fresh]);
  const merge = useMutation(
    trpc.users.patientMerge.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        toast.success(MERGE_REQUESTED, { duration: TOAST_MS });
        onOpenChange(false);
        await qc.invalidateQueries({ queryKey: trpc.applog.pathKey() });
      },
      onError: (err) => setRest(applyServerErrors(form, errorItems(err))),
    }),
  );
  const submit = handleSubmit((data) => {
    setRest([]);
    merge.mutate(data);
  });
  // The pair's own refusals (the same patient, another branch, already merged) are about the patient picked.
  const survivorError = formState.errors.survivor ?? formState.errors.merged;
  const reasonError = formState.errors.reason;
  return (
    <Dialog open={open} onOpenChange={(o) => !merge.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-lg" data-testid="patient-merge-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Gabungkan Pasien</DialogTitle>
            <DialogDescription>
              Pasien ini, {patient.name} (NO RM. {patient.username}), adalah data ganda yang akan digabungkan ke pasien
              yang dipilih di bawah. NO RM. pasien yang dipilih yang tetap dipakai.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Pasien yang dipertahankan (NO RM. tetap)"
            htmlFor="merge-survivor"
            error={survivorError}
            required
          >
            <Controller
              control={control}
              name="survivor"
              render={({ field }) => (
                <PatientPicker
                  id="merge-survivor"
                  value={picked}
                  invalid={!!survivorError}
                  onChange={(p) => {
                    setPicked(p);
                    field.onChange(p?.id);
                    form.clearErrors(['survivor', 'merged']);
                  }}
                />
              )}
            />
          </FormField>
          <FormField label="Alasan" htmlFor="merge-reason" error={reasonError} required>
            <Textarea
              id="merge-reason"
              rows={3}
              aria-invalid={!!reasonError}
              aria-describedby="merge-reason-error"
              {...register('reason')}
            />
          </FormField>
          <p
            className="rounded-md border border-warning bg-warning/10 px-3 py-2 text-sm"
            data-testid="patient-merge-warning"
          >
            Semua kunjungan, rekam medis, pembayaran dan paket NO RM. {patient.username} akan dipindahkan ke NO RM.{' '}
            {picked ? picked.username : 'pasien yang dipilih'}. NO RM. {patient.username} tidak dipakai lagi.
            Penggabungan baru dijalankan setelah disetujui owner/developer lain.
          </p>
          <ErrorList items={rest} />
          <FormDialogFooter
            busy={merge.isPending}
            onCancel={() => onOpenChange(false)}
            submitTestId="patient-merge-submit"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
