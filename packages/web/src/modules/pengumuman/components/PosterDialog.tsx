import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PENGUMUMAN_MAX, pengumumanInput, type ErrorItem, type PengumumanInput } from '@klinik/shared';
import { liveIssues } from '../../../lib/live-issues';
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
  const form = useForm<{ message: string }, unknown, PengumumanInput>({
    resolver: zodResolver(pengumumanInput) as unknown as Resolver<{ message: string }, unknown, PengumumanInput>,
    defaultValues: { message: '' },
  });
  const { control, register, handleSubmit, reset, watch } = form;
  const message = useWatch({ control, name: 'message' }) ?? '';
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.pengumuman.create.mutationOptions(), meta: { inlineErrors: true } });
  const id = React.useId();

  React.useEffect(() => {
    if (open) {
      reset({ message: '' });
      setErrors([]);
    }
  }, [open, reset]);
  // The server's answer is about what was sent: typing again clears it.
  React.useEffect(() => {
    const sub = watch(() => setErrors((e) => (e.length ? [] : e)));
    return () => sub.unsubscribe();
  }, [watch]);

  // The shared pengumumanInput decides (5 to 100 characters, trimmed); the counter shows the trimmed length.
  const length = message.trim().length;
  const check = liveIssues(pengumumanInput, { message });
  const valid = check.ok;
  const hint = (length > 0 ? check.at('message') : undefined) ?? errors.find((e) => e.field === 'message')?.message;
  const listed = errors.filter((e) => e.field !== 'message');

  const post = handleSubmit(async (data) => {
    setErrors([]);
    try {
      await mutation.mutateAsync(data);
      await qc.invalidateQueries({ queryKey: trpc.pengumuman.pathKey() });
      onOpenChange(false);
      onPosted?.();
    } catch (err) {
      setErrors(errorItems(err));
    }
  });

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
              maxLength={PENGUMUMAN_MAX}
              aria-invalid={!!hint}
              aria-describedby={`${id}-hint ${id}-count`}
              placeholder="Tulis pengumuman (5 sampai 100 karakter)"
              {...register('message')}
            />
            <div className="flex justify-between text-xs">
              <span id={`${id}-hint`} className="text-muted-foreground">
                {hint ?? ''}
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
          <ErrorList items={listed} />
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
