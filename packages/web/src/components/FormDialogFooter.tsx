import { LoaderCircle } from 'lucide-react';
import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';

/**
 * A form dialog's footer: 'Batal' (closes, a plain button) and the submit button 'Simpan' with a spinner while `busy`.
 * Both are disabled while busy; `disabled` also holds back the submit (e.g. the form is not valid yet).
 */
export function FormDialogFooter({
  busy,
  onCancel,
  disabled = false,
  submitTestId,
}: {
  busy: boolean;
  onCancel: () => void;
  disabled?: boolean;
  submitTestId?: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Batal
      </Button>
      <Button type="submit" disabled={disabled || busy} data-testid={submitTestId}>
        {busy ? <LoaderCircle className="animate-spin" /> : null}
        Simpan
      </Button>
    </DialogFooter>
  );
}
