import * as React from 'react';
import { useNavigate } from 'react-router';
import { ChevronDown, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useFinanceManage } from '../lib';
import { useOpenedOnce } from '../../../lib/use-opened-once';

// The dialogs load when first opened, not with every finance page (issue 10): the journal form brings
// react-hook-form and the finance schemas, the period dialog its opening-balance table.
const PeriodeDialog = React.lazy(() => import('./PeriodeDialog').then((m) => ({ default: m.PeriodeDialog })));
const JurnalUmumDialog = React.lazy(() => import('./JurnalUmumDialog').then((m) => ({ default: m.JurnalUmumDialog })));

/** The finance layout's 'Baru' menu (spec 2.4): 'Periode baru' and 'Jurnal Umum'. */
export function FinanceNewMenu() {
  const navigate = useNavigate();
  const manage = useFinanceManage();
  const [periode, setPeriode] = React.useState(false);
  const [jurnal, setJurnal] = React.useState(false);
  const periodeUsed = useOpenedOnce(periode);
  const jurnalUsed = useOpenedOnce(jurnal);
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
      {jurnalUsed ? (
        <React.Suspense fallback={null}>
          <JurnalUmumDialog open={jurnal} onOpenChange={setJurnal} />
        </React.Suspense>
      ) : null}
    </>
  );
}
