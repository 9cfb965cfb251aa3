import { useQuery } from '@tanstack/react-query';
import { formatDate, formatRupiah, INSTALLMENT_SCHEMAS } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../../lib/trpc';
import { Badge } from '../../../../components/ui/badge';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';

/** A package's saved versions (split out of PromosiPage, issue 9 item 6). */
export function VersionsDialog({ paketId, onClose }: { paketId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.paket.get.queryOptions({ id: paketId ?? 0 }),
    enabled: paketId !== null,
    meta: { inlineErrors: true },
  });
  return (
    <Dialog open={paketId !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Riwayat Versi {q.data?.current.code ?? ''}</DialogTitle>
        </DialogHeader>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        <ul className="grid gap-2">
          {(q.data?.versions ?? []).map((h) => (
            <li key={h.id} className="rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <b>Versi {h.version}</b>
                {h.is_current ? <Badge variant="success">Berlaku</Badge> : <Badge variant="secondary">Arsip</Badge>}
                <span className="text-muted-foreground">dibuat {formatDate(h.created_at)}</span>
              </div>
              <p>
                {h.name} · {formatRupiah(h.price)} · {INSTALLMENT_SCHEMAS[h.installment_schema as 0 | 1]}
                {h.installment_schema === 1
                  ? ` (DP ${formatRupiah(h.dp_amount)} + ${h.cicilan_attempt}x ${formatRupiah(h.cicilan_amount)})`
                  : ''}
              </p>
              <p className="text-muted-foreground">
                {(h.items ?? [])
                  .map(
                    (i) =>
                      `${(i.perawatandata ?? i.itemdata ?? i.formlabdata)?.name} (${i.free_slot} slot, ${i.expired_duration} hari)`,
                  )
                  .join(' · ') || 'Tidak ada Perawatan'}
              </p>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

/** /paket/promosi: package types, packages (every change a new version) and their contents. */
