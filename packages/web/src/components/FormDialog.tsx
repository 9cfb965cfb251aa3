import type * as React from 'react';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from './ui/dialog';
import { FormDialogFooter } from './FormDialogFooter';
import { useUnsavedChanges } from './UnsavedChanges';

/**
 * An add-or-edit dialog around one form: the title, the fields (children) and the footer ('Batal', 'Simpan').
 * Closing the dialog calls `onClose`. `dirty` (react-hook-form's isDirty) arms the layout's unsaved-changes guard.
 */
export function FormDialog({
  open,
  onClose,
  title,
  submit,
  busy,
  dirty = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  dirty?: boolean;
  children: React.ReactNode;
}) {
  useUnsavedChanges(open && dirty);
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
