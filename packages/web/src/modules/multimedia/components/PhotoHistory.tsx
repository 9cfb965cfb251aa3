import * as React from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { canFeature, formatDate, isTopLevel, type VisitMultimediaDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { EmptyState } from '../../../components/EmptyState';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { ErrorList } from '../../../components/ui/error-list';
import { PhotoCompare } from './PhotoCompare';
import { PhotoThumb, PhotoViewer } from './PhotoViewer';

const HISTORY_LIMIT = 500;

/**
 * A patient's progress photos ('Riwayat Foto Progres'): by date, filtered by label and date range, with the
 * before/after comparison. The auditor (owner, developer) may also show the deleted ones.
 */
export function PhotoHistory({ customerId }: { customerId: number }) {
  const me = useSession();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const auditor = isTopLevel(me);
  const [label, setLabel] = React.useState('all');
  const [fromdate, setFromdate] = React.useState('');
  const [todate, setTodate] = React.useState('');
  const [withDeleted, setWithDeleted] = React.useState(false);
  const [viewing, setViewing] = React.useState<VisitMultimediaDto | null>(null);
  const query = useQuery({
    ...trpc.multimedia.list.queryOptions({
      customer: customerId,
      label: label === 'all' ? undefined : Number(label),
      fromdate: fromdate || undefined,
      todate: todate || undefined,
      withdeleted: auditor && withDeleted ? 1 : undefined,
      page: 1,
      limit: HISTORY_LIMIT,
    }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const photos = query.data?.data ?? [];
  // Labels the patient has photos of (names from the photos themselves, inactive labels included).
  const allPhotos = useQuery({
    ...trpc.multimedia.list.queryOptions({ customer: customerId, page: 1, limit: HISTORY_LIMIT }),
    meta: { inlineErrors: true },
  });
  const labels = [
    ...new Map(
      (allPhotos.data?.data ?? []).filter((p) => p.label !== null).map((p) => [p.label!, p.labelname ?? '-']),
    ).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const byDate = new Map<string, VisitMultimediaDto[]>();
  for (const p of photos) {
    const d = formatDate(p.upload_at);
    byDate.set(d, [...(byDate.get(d) ?? []), p]);
  }

  return (
    <section className="grid gap-4" data-testid="photo-history">
      <h2 className="text-lg font-semibold">Riwayat Foto Progres</h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label>Label</Label>
          <Select value={label} onValueChange={setLabel}>
            <SelectTrigger className="sm:w-48" aria-label="Filter label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Semua label</SelectItem>
              {labels.map(([id, name]) => (
                <SelectItem key={id} value={String(id)}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="photo-from">Dari</Label>
          <Input id="photo-from" type="date" value={fromdate} onChange={(e) => setFromdate(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="photo-to">Sampai</Label>
          <Input id="photo-to" type="date" value={todate} onChange={(e) => setTodate(e.target.value)} />
        </div>
        {auditor ? (
          <label className="flex items-center gap-2 text-sm">
            <Switch checked={withDeleted} onCheckedChange={setWithDeleted} aria-label="Tampilkan foto yang dihapus" />
            Tampilkan yang dihapus
          </label>
        ) : null}
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      {query.isPending ? (
        <Skeleton className="h-32" />
      ) : photos.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="grid gap-3">
          {[...byDate.entries()].map(([d, list]) => (
            <div key={d} className="grid gap-1">
              <p className="text-sm font-medium">{d}</p>
              <div className="flex flex-wrap gap-2">
                {list.map((p) => (
                  <PhotoThumb key={p.id} photo={p} onOpen={() => setViewing(p)} />
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
      {labels.length ? (
        <div className="grid gap-2 rounded-md border p-3">
          <h3 className="font-medium">Perbandingan Sebelum / Sesudah</h3>
          <PhotoCompare photos={allPhotos.data?.data ?? []} labels={labels} />
        </div>
      ) : null}
      <PhotoViewer
        photo={viewing}
        onOpenChange={(o) => !o && setViewing(null)}
        canDelete={canFeature(me, 'RM_FOTOPROGRES', 'manage')}
        onDeleted={() => void qc.invalidateQueries({ queryKey: trpc.multimedia.list.pathKey() })}
      />
    </section>
  );
}
