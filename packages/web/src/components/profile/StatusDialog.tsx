import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../lib/trpc';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { ErrorList } from '../ui/error-list';
import { Label } from '../ui/label';
import { RadioGroup, RadioGroupItem } from '../ui/radio-group';
import { STATUS_LABELS } from '../../lib/status';

export const USER_STATUS_LABELS: Record<number, string> = STATUS_LABELS;

export interface StatusDialogProps {
  userId: number;
  name: string;
  current: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `pendingMessage` is set when the server stored the change as a request awaiting approval. */
  onSaved: (pendingMessage?: string) => void;
}

/** Spec 4/5: active (1) or inactive (0); Save is disabled until a status is chosen. */
export function StatusDialog({ userId, name, current, open, onOpenChange, onSaved }: StatusDialogProps) {
  const trpc = useTRPC();
  const [value, setValue] = React.useState<string>('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.users.setStatus.mutationOptions(), meta: { inlineErrors: true } });

  React.useEffect(() => {
    if (open) {
      setValue('');
      setErrors([]);
    }
  }, [open]);

  const save = async () => {
    if (value === '') return;
    setErrors([]);
    try {
      const out = await mutation.mutateAsync({ id: userId, status: Number(value) });
      onOpenChange(false);
      onSaved(out.pending ? out.message : undefined);
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="status-dialog">
        <DialogHeader>
          <DialogTitle>Ubah Status</DialogTitle>
          <DialogDescription>
            {name} saat ini <strong>{USER_STATUS_LABELS[current] ?? current}</strong>. Pilih status baru.
          </DialogDescription>
        </DialogHeader>
        <RadioGroup value={value} onValueChange={setValue} aria-label="Status">
          {[1, 0].map((s) => (
            <div key={s} className="flex items-center gap-3 rounded-md border p-3">
              <RadioGroupItem value={String(s)} id={`status-${s}`} />
              <Label htmlFor={`status-${s}`} className="flex-1 cursor-pointer">
                {USER_STATUS_LABELS[s]}
              </Label>
            </div>
          ))}
        </RadioGroup>
        <ErrorList items={errors} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Batal
          </Button>
          <Button type="button" onClick={() => void save()} disabled={value === '' || mutation.isPending}>
            {mutation.isPending ? <LoaderCircle className="animate-spin" /> : null}
            Simpan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
