/** Pieces the package wizard's steps share: the stepper, person cards, user search, a package's treatments. */
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { MSG, type PaketHistoryDto, type UserDto } from '@klinik/shared';
import { api, useTRPC } from '../../../../lib/trpc';
import { cn } from '../../../../lib/utils';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { Skeleton } from '../../../../components/ui/skeleton';

/** The four steps of spec 2.5, in order. */
export const WIZARD_STEPS = ['Informasi Member', 'Pilih Paket', 'Pilih Dokter', 'Persetujuan'] as const;

export type PatientKind = 'lama' | 'baru';
export async function searchUsers(role: 1 | 2, keyword: string, signal: AbortSignal): Promise<UserDto[]> {
  const res = await api.get<{ data: UserDto[] }>('/api/users', {
    query: { role, status: 1, keyword, limit: 20 },
    signal,
  });
  return res.data;
}

export function PersonCard({ user, label }: { user: UserDto; label?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3" data-testid="member-info">
      <div
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        aria-hidden
      >
        {user.initial || user.name.slice(0, 1).toUpperCase()}
      </div>
      <div className="min-w-0">
        {label ? <p className="text-xs text-muted-foreground">{label}</p> : null}
        <p className="truncate font-semibold">{user.name}</p>
        {user.role === 1 ? (
          <p className="text-sm text-muted-foreground">
            NO RM. <span className="font-mono text-foreground">{user.username}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function Stepper({ step }: { step: number }) {
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Langkah">
      {WIZARD_STEPS.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i === step ? 'step' : undefined}>
          <span
            className={cn(
              'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
              i < step && 'border-primary bg-primary text-primary-foreground',
              i === step && 'border-primary text-primary',
              i > step && 'text-muted-foreground',
            )}
          >
            {i < step ? <Check className="size-4" /> : i + 1}
          </span>
          <span className={cn(i === step ? 'font-semibold' : 'text-muted-foreground')}>{s}</span>
          {i < WIZARD_STEPS.length - 1 ? (
            <span className="mx-1 hidden h-px w-8 bg-border sm:block" aria-hidden />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function TreatmentsDialog({ paket, onClose }: { paket: PaketHistoryDto | null; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.paket.historyPerawatan.queryOptions({ paket_history_id: paket?.id ?? 0 }),
    enabled: !!paket,
    meta: { silent: true },
  });
  const rows = q.data ?? [];
  return (
    <Dialog open={!!paket} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{paket ? `${paket.code} · ${paket.name}` : ''}</DialogTitle>
          <DialogDescription>Perawatan dalam paket</DialogDescription>
        </DialogHeader>
        {q.isPending ? (
          <Skeleton className="h-20" />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground" data-testid="no-treatments">
            {MSG.noTreatments}
          </p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="treatment-list">
            {rows.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 p-3 text-sm">
                <div>
                  <p className="font-medium">{r.perawatandata?.name}</p>
                  <p className="text-xs text-muted-foreground">{r.perawatandata?.code}</p>
                </div>
                <div className="text-right text-xs text-muted-foreground">
                  <p>{r.free_slot} slot</p>
                  <p>berlaku {r.expired_duration} hari</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Tutup
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
