import type * as React from 'react';
import { cn } from '../lib/utils';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';
import { FormDialogFooter } from './FormDialogFooter';
import { useUnsavedChanges } from './UnsavedChanges';

/**
 * An add-or-edit dialog around one form: the title, an optional description, the fields (children) and the footer
 * ('Batal', 'Simpan'). Closing the dialog calls `onClose`, except while `busy` (the save is under way).
 * `dirty` (react-hook-form's isDirty) arms the layout's unsaved-changes guard. `className` widens the content (e.g.
 * 'max-w-xl'), `testId` names the content and `submitTestId` the 'Simpan' button.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  submit,
  busy,
  dirty = false,
  className,
  testId,
  submitTestId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  dirty?: boolean;
  className?: string;
  testId?: string;
  submitTestId?: string;
  children: React.ReactNode;
}) {
  useUnsavedChanges(open && dirty);
  return (
    <Dialog open={open} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <DialogContent className={cn('max-w-lg', className)} data-testid={testId}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          {children}
          <FormDialogFooter busy={busy} onCancel={onClose} submitTestId={submitTestId} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
