import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import { PENGUMUMAN_MAX, PENGUMUMAN_MIN, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { cn } from '../../../lib/utils';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';

/** Announcement poster (spec 5): 5 to 100 characters with a counter of 100; POST is disabled otherwise. */
export function PosterDialog({
  open,
  onOpenChange,
  onPosted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPosted?: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [message, setMessage] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.pengumuman.create.mutationOptions(), meta: { inlineErrors: true } });
  const id = React.useId();

  React.useEffect(() => {
    if (open) {
      setMessage('');
      setErrors([]);
    }
  }, [open]);

  const length = message.trim().length;
  const valid = length >= PENGUMUMAN_MIN && length <= PENGUMUMAN_MAX;

  const post = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setErrors([]);
    try {
      await mutation.mutateAsync({ message: message.trim() });
      await qc.invalidateQueries({ queryKey: trpc.pengumuman.pathKey() });
      onOpenChange(false);
      onPosted?.();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="poster-dialog">
        <form onSubmit={(e) => void post(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Buat Pengumuman</DialogTitle>
            <DialogDescription>
              Tampil di teks berjalan bagian bawah layar untuk semua pegawai cabang ini.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Pengumuman</Label>
            <Textarea
              id={id}
              rows={4}
              value={message}
              maxLength={PENGUMUMAN_MAX}
              onChange={(e) => setMessage(e.target.value)}
              aria-describedby={`${id}-count`}
              placeholder="Tulis pengumuman (5 sampai 100 karakter)"
            />
            <div className="flex justify-between text-xs">
              <span className="text-muted-foreground">
                {length > 0 && length < PENGUMUMAN_MIN ? `Minimal ${PENGUMUMAN_MIN} karakter` : ''}
              </span>
              <span
                id={`${id}-count`}
                data-testid="poster-counter"
                className={cn('tabular-nums', valid ? 'text-muted-foreground' : 'text-destructive')}
              >
                {length}/{PENGUMUMAN_MAX}
              </span>
            </div>
          </div>
          <ErrorList items={errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              Batal
            </Button>
            <Button type="submit" disabled={!valid || mutation.isPending}>
              {mutation.isPending ? <LoaderCircle className="animate-spin" /> : <Send />}
              Posting
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
