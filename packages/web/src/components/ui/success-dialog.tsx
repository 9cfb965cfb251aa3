import { CircleCheck } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

export interface SuccessDialogProps {
  open: boolean;
  onClose: () => void;
  /** Defaults: 'Aksi Sukses' / 'Aksi berhasil dilakukan & data tersimpan' (spec 2.11). */
  title?: string;
  description?: string;
  /** Button text; default 'OK'. */
  actionLabel?: string;
}

export function SuccessDialog({
  open,
  onClose,
  title = MSG.actionSuccessTitle,
  description = MSG.actionSuccess,
  actionLabel = 'OK',
}: SuccessDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-sm" showClose={false}>
        <DialogHeader className="items-center pr-0 text-center sm:text-center">
          <CircleCheck className="size-14 text-success" aria-hidden />
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <Button onClick={onClose} className="min-w-28">
            {actionLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
