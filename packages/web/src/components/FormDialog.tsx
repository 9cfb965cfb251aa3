import type * as React from 'react';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from './ui/dialog';
import { FormDialogFooter } from './FormDialogFooter';

/**
 * An add-or-edit dialog around one form: the title, the fields (children) and the footer ('Batal', 'Simpan').
 * Closing the dialog calls `onClose`.
 */
export function FormDialog({
  open,
  onClose,
  title,
  submit,
  busy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent className="max-w-lg">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          {children}
          <FormDialogFooter busy={busy} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
