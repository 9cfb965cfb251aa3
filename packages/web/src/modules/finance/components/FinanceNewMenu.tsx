import * as React from 'react';
import { useNavigate } from 'react-router';
import { ChevronDown, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useFinanceManage } from '../lib';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

import { JurnalUmumForm } from './JurnalUmumForm';

// The period dialog (with its opening-balance table) loads when first opened, not with every finance page (issue 10).
const PeriodeDialog = React.lazy(() => import('./PeriodeDialog').then((m) => ({ default: m.PeriodeDialog })));

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

/** The finance layout's 'Baru' menu (spec 2.4): 'Periode baru' and 'Jurnal Umum'. */
export function FinanceNewMenu() {
  const navigate = useNavigate();
  const manage = useFinanceManage();
  const [periode, setPeriode] = React.useState(false);
  const [jurnal, setJurnal] = React.useState(false);
  const periodeUsed = useOpenedOnce(periode);
  if (!manage) return null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="secondary" data-testid="finance-new-menu">
            <Plus /> Baru <ChevronDown className="opacity-70" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setPeriode(true)}>Periode baru</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setJurnal(true)}>Jurnal Umum</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {periodeUsed ? (
        <React.Suspense fallback={null}>
          <PeriodeDialog open={periode} onOpenChange={setPeriode} onCreated={() => void navigate('/finance/periode')} />
        </React.Suspense>
      ) : null}
      <JurnalUmumDialog open={jurnal} onOpenChange={setJurnal} />
    </>
  );
}
