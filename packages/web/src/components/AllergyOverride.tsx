import * as React from 'react';
import { TriangleAlert } from 'lucide-react';
import { matchingAllergies, type ErrorItem } from '@klinik/shared';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';
import { FormField } from './ui/form';
import { Textarea } from './ui/textarea';

/**
 * Allergies where a drug is prescribed, substituted or handed over (issue 26 item 2): the patient's recorded
 * allergies in red above the form, a mark on a picked drug that matches one (the shared rule of
 * packages/shared/src/allergy.ts), and the override dialog the server's refusal (field `allergy_override`) opens:
 * the reason is required and is sent with the same request again, then kept with who and when.
 */
export function AllergyBanner({ allergies, testId }: { allergies: readonly string[] | undefined; testId?: string }) {
  if (!allergies) return null;
  return (
    <div
      data-testid={testId ?? 'allergy-banner'}
      className={
        allergies.length
          ? 'flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm font-medium text-destructive'
          : 'rounded-md border p-2 text-sm text-muted-foreground'
      }
    >
      {allergies.length ? (
        <>
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Alergi pasien: {allergies.join(', ')}</span>
        </>
      ) : (
        'Alergi pasien: tidak ada yang tercatat'
      )}
    </div>
  );
}

/** A small red note under a picked drug that matches a recorded allergy. */
export function AllergyMatch({
  allergies,
  item,
}: {
  allergies: readonly string[] | undefined;
  item: { name: string; generic_name?: string | null } | null | undefined;
}) {
  if (!allergies?.length || !item) return null;
  const hits = matchingAllergies(allergies, item);
  if (!hits.length) return null;
  return (
    <p role="alert" className="text-xs font-medium text-destructive" data-testid="allergy-match">
      Cocok dengan alergi pasien: {hits.join(', ')}
    </p>
  );
}

/** The refusals of a save about allergies, and the rest (for the form). */
export function splitAllergyErrors(items: ErrorItem[]): { allergy: string[]; rest: ErrorItem[] } {
  return {
    allergy: items.filter((e) => e.field === 'allergy_override').map((e) => e.message),
    rest: items.filter((e) => e.field !== 'allergy_override'),
  };
}

export function AllergyOverrideDialog({
  messages,
  onCancel,
  onConfirm,
}: {
  /** The server's refusals; the dialog is open while there are some. */
  messages: string[];
  onCancel: () => void;
  /** Sends again with the reason; the dialog closes when it settles (errors are shown by the caller). */
  onConfirm: (reason: string) => Promise<void>;
}) {
  const open = messages.length > 0;
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);
  const confirm = async () => {
    if (!reason.trim()) {
      setError('Alasan wajib diisi');
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(o) => !o && !busy && onCancel()}>
      <AlertDialogContent data-testid="allergy-override-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2 text-destructive">
            <TriangleAlert className="size-5" aria-hidden /> Obat cocok dengan alergi pasien
          </AlertDialogTitle>
          <AlertDialogDescription asChild>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <FormField label="Alasan tetap memberikan" htmlFor="allergy-override-reason" error={error} required>
          <Textarea
            id="allergy-override-reason"
            rows={3}
            value={reason}
            aria-invalid={!!error}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setError(undefined);
            }}
            placeholder="Mis. sudah dikonfirmasi ke dokter, uji kulit negatif"
          />
        </FormField>
        <p className="text-xs text-muted-foreground">Alasan disimpan bersama nama Anda dan waktunya.</p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Batal</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={busy}
            data-testid="allergy-override-confirm"
            onClick={() => void confirm()}
          >
            Tetap Berikan
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
