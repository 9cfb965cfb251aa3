import * as React from 'react';
import { Link } from 'react-router';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../../../components/ui/sheet';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ApplogFilterBar, toApplogFilters, type ApplogFilterState } from './ApplogFilterBar';
import { ApplogList } from './ApplogList';

/** Activity drawer (spec 2.8: 700 wide): my requests and those waiting for my decision, with approve/reject. */
export function ActivityDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [filters, setFilters] = React.useState<ApplogFilterState>({ scope: 'drawer', keyword: '', status: 'any' });
  const [page, setPage] = React.useState(1);
  const keyword = useDebouncedValue(filters.keyword);
  const change = (f: ApplogFilterState) => {
    setFilters(f);
    setPage(1);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[700px] max-w-full gap-0 sm:max-w-[700px]" data-testid="activity-drawer">
        <SheetHeader className="border-b">
          <SheetTitle>Aktivitas & Persetujuan</SheetTitle>
          <SheetDescription>
            Permintaan Anda dan yang menunggu keputusan Anda.{' '}
            <Link to="/confirmation" onClick={() => onOpenChange(false)} className="text-primary hover:underline">
              Buka halaman konfirmasi
            </Link>
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-3 overflow-y-auto p-4">
          <ApplogFilterBar value={filters} onChange={change} scopes={['drawer', 'waiting', 'mine']} />
          {open ? (
            <ApplogList
              filters={toApplogFilters({ ...filters, keyword })}
              page={page}
              onPage={setPage}
              onNavigate={() => onOpenChange(false)}
            />
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}
