import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { formatDateTime, type VisitMultimediaDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';

/** A photo's thumbnail as a button that opens it large. */
export function PhotoThumb({ photo, onOpen }: { photo: VisitMultimediaDto; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group relative overflow-hidden rounded-md border bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`Lihat foto ${photo.labelname ?? ''} ${formatDateTime(photo.upload_at)}`}
      data-testid="photo-thumb"
    >
      <img
        src={photo.thumbnailurl}
        alt={photo.labelname ?? 'Foto progres'}
        loading="lazy"
        className={`size-24 object-cover ${photo.status === 1 ? '' : 'opacity-50 grayscale'}`}
      />
      <span className="absolute inset-x-0 bottom-0 truncate bg-black/55 px-1 text-[10px] text-white">
        {photo.labelname ?? '-'}
      </span>
    </button>
  );
}

/**
 * The photo large, with its label, time, note and who took it; 'Hapus' (RM_FOTOPROGRES manage) hides it after a
 * confirmation: the photo stays in the history for the auditor.
 */
export function PhotoViewer({
  photo,
  onOpenChange,
  canDelete,
  onDeleted,
}: {
  photo: VisitMultimediaDto | null;
  onOpenChange: (open: boolean) => void;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const trpc = useTRPC();
  const remove = useMutation({ ...trpc.multimedia.remove.mutationOptions(), meta: { inlineErrors: true } });
  const [confirm, setConfirm] = React.useState(false);
  React.useEffect(() => remove.reset(), [photo?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Dialog open={photo !== null} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-3xl" data-testid="photo-viewer">
          {photo ? (
            <>
              <DialogHeader>
                <DialogTitle>
                  {photo.labelname ?? 'Foto Progres'}{' '}
                  {photo.status === 1 ? null : <Badge variant="destructive">Dihapus</Badge>}
                </DialogTitle>
                <DialogDescription>
                  {photo.customerdata.name} ({photo.customerdata.username}) · {photo.visitdata.code} ·{' '}
                  {formatDateTime(photo.upload_at)}
                  {photo.uploadedbyname ? ` · oleh ${photo.uploadedbyname}` : ''}
                </DialogDescription>
              </DialogHeader>
              <img
                src={photo.photourl}
                alt={photo.labelname ?? 'Foto progres'}
                className="max-h-[65vh] w-full rounded-md bg-muted object-contain"
              />
              {photo.note ? <p className="text-sm">{photo.note}</p> : null}
              {photo.deleted_at ? (
                <p className="text-sm text-muted-foreground">
                  Dihapus {formatDateTime(photo.deleted_at)}
                  {photo.deletedbyname ? ` oleh ${photo.deletedbyname}` : ''}
                </p>
              ) : null}
              {remove.error ? <ErrorList items={errorItems(remove.error)} /> : null}
              {canDelete && photo.status === 1 ? (
                <div className="flex justify-end">
                  <Button variant="destructive" onClick={() => setConfirm(true)} data-testid="photo-delete">
                    <Trash2 /> Hapus
                  </Button>
                </div>
              ) : null}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Hapus Foto"
        description="Foto disembunyikan dari daftar; riwayatnya tetap tersimpan untuk audit."
        confirmLabel="Hapus"
        destructive
        onConfirm={async () => {
          if (!photo) return;
          await remove.mutateAsync({ id: photo.id });
          onOpenChange(false);
          onDeleted();
        }}
      />
    </>
  );
}
