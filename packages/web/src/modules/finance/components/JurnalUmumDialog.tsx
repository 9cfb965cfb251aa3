import * as React from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { JurnalUmumForm } from './JurnalUmumForm';

/** Full-screen 'Jurnal Umum Baru'; after saving goes to the target the save returns (default /finance/laporan/jurnal). */
export function JurnalUmumDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const navigate = useNavigate();
  const [dirty, setDirty] = React.useState(false);
  const [asking, setAsking] = React.useState(false);
  // Escape, the close button and 'Batal' ask before throwing typed lines away (issue 16).
  const requestClose = () => {
    if (dirty) setAsking(true);
    else onOpenChange(false);
  };
  React.useEffect(() => {
    if (!open) setDirty(false);
  }, [open]);
  return (
    <>
      <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : requestClose())}>
        <DialogContent fullScreen className="flex flex-col" data-testid="jurnal-umum-dialog">
          <DialogHeader>
            <DialogTitle>Jurnal Umum Baru</DialogTitle>
            <DialogDescription>Total debit harus sama dengan total kredit.</DialogDescription>
          </DialogHeader>
          {open ? (
            <JurnalUmumForm
              onCancel={requestClose}
              onDirtyChange={setDirty}
              onSaved={(target) => {
                onOpenChange(false);
                void navigate(target);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Buang jurnal ini?"
        description="Baris jurnal yang sudah diisi belum disimpan dan akan hilang."
        confirmLabel="Buang"
        cancelLabel="Lanjut Mengisi"
        destructive
        onConfirm={() => onOpenChange(false)}
      />
    </>
  );
}
