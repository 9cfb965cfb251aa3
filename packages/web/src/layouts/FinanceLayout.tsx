import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { ChevronDown, Plus } from 'lucide-react';
import { MSG, PRODUCT_NAME } from '@klinik/shared';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { ModuleLayout } from './ModuleLayout';
import { FINANCE_NAV } from './nav';
import { SLOTS } from './slots';

/**
 * The 'Baru' menu (spec 2.4). Until the finance module provides `slots.financeNewMenu` (with the
 * 'Periode Keuangan Baru' dialog and the 'Jurnal Umum Baru' form), its entries open the pages directly.
 */
function DefaultNewMenu() {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="secondary" data-testid="finance-new-menu">
          <Plus /> Baru <ChevronDown className="opacity-70" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void navigate('/finance/periode')}>Periode baru</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/finance/createjurnalumum/')}>Jurnal Umum</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default function FinanceLayout() {
  const NewMenu = SLOTS.financeNewMenu ?? DefaultNewMenu;
  return (
    <ModuleLayout
      name="finance"
      title="Keuangan"
      nav={FINANCE_NAV}
      logoutText={MSG.logoutConfirm(PRODUCT_NAME)}
      actions={
        <Suspense fallback={null}>
          <NewMenu />
        </Suspense>
      }
    />
  );
}
