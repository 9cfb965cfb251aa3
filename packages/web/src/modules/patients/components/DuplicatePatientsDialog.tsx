import * as React from 'react';
import { TriangleAlert } from 'lucide-react';
import { formatDate, PATIENT_DUPLICATE_REASONS, type NewPatientInput, type PatientDuplicateDto } from '@klinik/shared';
import { api } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

export interface DuplicateCheck {
  candidates: PatientDuplicateDto[];
  payload: NewPatientInput;
}

/**
 * Issue 26 item 3: before a new patient is saved, the patients of the branch that are likely the same person (same
 * NIK, or same name with the same birth date or phone). `check` answers true when there are none (save now);
 * otherwise it keeps them in `pending` for DuplicatePatientsDialog. A failed look-up does not block the save: the
 * server still refuses a known NIK without confirmation.
 */
export function useDuplicateCheck() {
  const [pending, setPending] = React.useState<DuplicateCheck | null>(null);
  const [checking, setChecking] = React.useState(false);
  const check = async (payload: NewPatientInput): Promise<boolean> => {
    const query = {
      name: payload.name,
      idcard: payload.idcard ?? undefined,
      birth_date: payload.birth_date ?? undefined,
      phone: payload.phone ?? undefined,
    };
    if (!query.idcard && !query.birth_date && !query.phone) return true;
    setChecking(true);
    try {
      const res = await api.get<{ data: PatientDuplicateDto[] }>('/api/patients/duplicates', { query });
      if (!res.data.length) return true;
      setPending({ candidates: res.data, payload });
      return false;
    } catch {
      return true;
    } finally {
      setChecking(false);
    }
  };
  return { pending, checking, check, clear: () => setPending(null) };
}

/**
 * 'Kemungkinan Pasien Sama': the likely duplicates with why, each with 'Gunakan Pasien Ini'; 'Tetap Simpan Pasien
 * Baru' saves anyway (with confirm_duplicate), 'Batal' goes back to the form.
 */
export function DuplicatePatientsDialog({
  pending,
  busy,
  onUse,
  onSaveAnyway,
  onCancel,
}: {
  pending: DuplicateCheck | null;
  busy?: boolean;
  onUse: (candidate: PatientDuplicateDto) => void;
  onSaveAnyway: (payload: NewPatientInput) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={!!pending} onOpenChange={(o) => (o || busy ? undefined : onCancel())}>
      <DialogContent className="max-w-xl" data-testid="duplicate-patients-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlert className="size-5 text-amber-600" aria-hidden />
            Kemungkinan Pasien Sama
          </DialogTitle>
          <DialogDescription>
            Pasien berikut sudah terdaftar di cabang ini. Gunakan data yang ada agar riwayatnya tetap dalam satu NO RM.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid max-h-80 gap-2 overflow-y-auto">
          {pending?.candidates.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3"
              data-testid="duplicate-candidate"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold">{c.name}</p>
                <p className="text-muted-foreground">
                  NO RM. <span className="font-mono text-foreground">{c.username}</span>
                  {c.birth_date ? ` · Lahir ${formatDate(c.birth_date)}` : ''}
                  {c.phone ? ` · ${c.phone}` : ''}
                </p>
                <p className="text-xs font-medium text-amber-700 dark:text-amber-400">
                  {c.reasons.map((r) => PATIENT_DUPLICATE_REASONS[r]).join(', ')}
                </p>
              </div>
              <Button type="button" size="sm" onClick={() => onUse(c)} disabled={busy}>
                Gunakan Pasien Ini
              </Button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            Batal
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => pending && onSaveAnyway({ ...pending.payload, confirm_duplicate: true })}
            disabled={busy}
            data-testid="duplicate-save-anyway"
          >
            Tetap Simpan Pasien Baru
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
