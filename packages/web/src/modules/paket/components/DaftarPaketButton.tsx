import * as React from 'react';
import { ClipboardPlus } from 'lucide-react';
import { canFeature } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { PurchaseWizard } from './PurchaseWizard';

/** 'Daftar Paket' (spec 2.5): on large screens, opens the purchase wizard full-screen. */
export function DaftarPaketButton() {
  const me = useSession();
  const [open, setOpen] = React.useState(false);
  if (!canFeature(me, 'LAYANAN_PAKET', 'manage')) return null;
  return (
    <>
      <Button className="hidden lg:inline-flex" onClick={() => setOpen(true)} data-testid="daftar-paket">
        <ClipboardPlus /> Daftar Paket
      </Button>
      <PurchaseWizard open={open} onOpenChange={setOpen} />
    </>
  );
}
