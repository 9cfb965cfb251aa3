import * as React from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, RefreshCw, Tags } from 'lucide-react';
import {
  canFeature,
  formatDate,
  PHOTO_FIELD,
  VISIT_KIND_LABEL,
  VISIT_STATUS_LABEL,
  type MultimediaQueueDto,
  type VisitKind,
  type VisitMultimediaDto,
  type VisitStatus,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useVisitEvents, VISIT_POLL_MS } from '../../../lib/visit-events';
import { EmptyState } from '../../../components/EmptyState';
import { ImageCropper } from '../../../components/ImageCropper';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { PhotoThumb, PhotoViewer } from '../components/PhotoViewer';

/**
 * /service/visit/multimedia 'Antrian Multimedia' (manager, admin, multimedia): today's visits of the branch that
 * need progress photos, with the photos taken so far. Uploading and deleting need RM_FOTOPROGRES manage.
 */
export default function MultimediaQueuePage() {
  const me = useSession();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canUpload = canFeature(me, 'RM_FOTOPROGRES', 'manage');
  // A visit registered with 'Butuh foto' or cancelled shows at once (the visits' event stream), else every 3 s.
  const live = useVisitEvents(() => void qc.invalidateQueries(trpc.multimedia.queue.queryFilter()));
  const queue = useQuery({
    ...trpc.multimedia.queue.queryOptions({}),
    refetchInterval: live ? false : VISIT_POLL_MS,
    meta: { inlineErrors: true },
  });
  const labels = useQuery({
    ...trpc.multimedia.labels.queryOptions({ status: 1, page: 1, limit: 500 }),
    meta: { inlineErrors: true },
  });
  const activeLabels = labels.data?.data ?? [];
  const [upload, setUpload] = React.useState<{ visit: MultimediaQueueDto; label: number } | null>(null);
  const [viewing, setViewing] = React.useState<VisitMultimediaDto | null>(null);
  const [success, setSuccess] = React.useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.multimedia.pathKey() });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Antrian Multimedia"
        description={`Kunjungan hari ini yang memerlukan foto progres${queue.data?.[0] ? ` (${formatDate(queue.data[0].visit_date)})` : ''}.`}
        actions={
          <>
            {me.rolename === 'multimedia' ? (
              <Button asChild variant="outline" data-testid="labels-shortcut">
                <Link to="/service/master/multimedialabel">
                  <Tags /> Label
                </Link>
              </Button>
            ) : null}
            <Button variant="outline" onClick={refresh} disabled={queue.isFetching}>
              <RefreshCw className={queue.isFetching ? 'animate-spin' : undefined} /> Muat Ulang
            </Button>
          </>
        }
      />
      {queue.error ? <ErrorList items={errorItems(queue.error)} /> : null}
      {labels.error ? <ErrorList items={errorItems(labels.error)} /> : null}
      {queue.isPending ? (
        <div className="grid gap-3 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : queue.data && queue.data.length === 0 ? (
        <EmptyState description="Belum ada kunjungan hari ini yang memerlukan foto." />
      ) : (
        <div className="grid gap-3 md:grid-cols-2" data-testid="multimedia-queue">
          {queue.data?.map((v) => (
            <QueueCard
              key={v.id}
              visit={v}
              labels={activeLabels}
              canUpload={canUpload}
              onUpload={(label) => setUpload({ visit: v, label })}
              onView={setViewing}
            />
          ))}
        </div>
      )}
      {upload ? (
        <ImageCropper
          open
          onOpenChange={(o) => !o && setUpload(null)}
          uploadUrl="/api/service/visitmultimedia"
          kind="photo"
          title="Unggah Foto Progres"
          description={`${upload.visit.customerdata.name} · ${
            activeLabels.find((l) => l.id === upload.label)?.name ?? ''
          } · PNG, JPG, JPEG atau GIF, maksimal 10MB.`}
          defaultAspect="free"
          fieldName={PHOTO_FIELD}
          extraFields={{ visit: upload.visit.id, label: upload.label }}
          dateField="upload_at"
          dateLabel="Waktu foto (kosong = sekarang)"
          onUploaded={() => {
            refresh();
            setSuccess(true);
          }}
        />
      ) : null}
      <PhotoViewer
        photo={viewing}
        onOpenChange={(o) => !o && setViewing(null)}
        canDelete={canUpload}
        onDeleted={() => {
          refresh();
          setSuccess(true);
        }}
      />
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}

function QueueCard({
  visit,
  labels,
  canUpload,
  onUpload,
  onView,
}: {
  visit: MultimediaQueueDto;
  labels: { id: number; name: string }[];
  canUpload: boolean;
  onUpload: (label: number) => void;
  onView: (p: VisitMultimediaDto) => void;
}) {
  const [label, setLabel] = React.useState('');
  const chosen = label || (labels[0] ? String(labels[0].id) : '');
  return (
    <Card data-testid={`queue-visit-${visit.id}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle className="flex items-center gap-2 text-base">
            <span className="rounded bg-primary px-2 py-0.5 text-primary-foreground">{visit.queue_number}</span>
            <Link to={`/customer/${visit.customer}`} className="truncate hover:underline">
              {visit.customerdata.name}
            </Link>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {visit.customerdata.username} · {visit.code} · {visit.doctorname} ·{' '}
            {VISIT_KIND_LABEL[visit.kind as VisitKind] ?? visit.kind}
          </p>
        </div>
        <Badge variant="secondary">{VISIT_STATUS_LABEL[visit.status as VisitStatus] ?? visit.status}</Badge>
      </CardHeader>
      <CardContent className="grid gap-3">
        {visit.photos.length ? (
          <div className="flex flex-wrap gap-2">
            {visit.photos.map((p) => (
              <PhotoThumb key={p.id} photo={p} onOpen={() => onView(p)} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Belum ada foto.</p>
        )}
        {canUpload ? (
          labels.length ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Select value={chosen} onValueChange={setLabel}>
                <SelectTrigger className="sm:w-56" aria-label="Label foto">
                  <SelectValue placeholder="Pilih label" />
                </SelectTrigger>
                <SelectContent>
                  {labels.map((l) => (
                    <SelectItem key={l.id} value={String(l.id)}>
                      {l.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button onClick={() => onUpload(Number(chosen))} disabled={!chosen} data-testid="photo-upload">
                <Camera /> Unggah Foto
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Belum ada label aktif. Tambahkan di{' '}
              <Link to="/service/master/multimedialabel" className="underline">
                Label Multimedia
              </Link>
              .
            </p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
