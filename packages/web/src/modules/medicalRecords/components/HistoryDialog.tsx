import { useQuery } from '@tanstack/react-query';
import { RM_KIND_LABEL, RM_VERSION_ACTION_LABEL, type RmEntryDto } from '@klinik/shared';
import { errorItems, useTRPCClient } from '../../../lib/trpc';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { VersionContent, VersionMeta } from './EntryView';
import { historyOf } from './record-forms/entry-api';

/** Every version of an entry side by side, oldest first: the original stays readable next to each correction. */
export function HistoryDialog({
  entry,
  onOpenChange,
  timeZone,
}: {
  entry: RmEntryDto | null;
  onOpenChange: (o: boolean) => void;
  timeZone: string;
}) {
  const client = useTRPCClient();
  const q = useQuery({
    queryKey: ['rm-history', entry?.kind, entry?.id],
    queryFn: () => historyOf(client, entry!.kind, entry!.id),
    enabled: !!entry,
  });
  return (
    <Dialog open={!!entry} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95vh] max-w-5xl overflow-y-auto" data-testid="history-dialog">
        <DialogHeader>
          <DialogTitle>Riwayat Versi {entry ? RM_KIND_LABEL[entry.kind] : ''}</DialogTitle>
          <DialogDescription>Versi terlama di kiri. Tidak ada versi yang dihapus.</DialogDescription>
        </DialogHeader>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        {q.isPending ? (
          <SkeletonRows rows={3} />
        ) : q.data ? (
          <div className="grid auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-3 overflow-x-auto pb-2">
            {q.data.versions.map((v) => (
              <div
                key={v.id}
                className={cn('grid content-start gap-2 rounded-md border p-3', v.action === 'void' && 'bg-muted/50')}
                data-testid="history-version"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">Versi {v.version}</span>
                  <Badge
                    variant={v.action === 'void' ? 'destructive' : v.action === 'correct' ? 'outline' : 'secondary'}
                  >
                    {RM_VERSION_ACTION_LABEL[v.action]}
                  </Badge>
                </div>
                <div className={cn(v.action === 'void' && 'line-through decoration-destructive/70')}>
                  <VersionContent kind={q.data.kind} v={v} />
                </div>
                <VersionMeta v={v} timeZone={timeZone} />
              </div>
            ))}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
