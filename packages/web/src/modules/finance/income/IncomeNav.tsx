import { NavLink } from 'react-router';
import { INCOME_KIND_TITLES, INCOME_KINDS, type IncomeKind } from '@klinik/shared';
import { cn } from '../../../lib/utils';

/** The five income reports as tabs (links), scrolling sideways on a phone. */
export function IncomeNav({ current }: { current: IncomeKind }) {
  return (
    <nav aria-label="Laporan pendapatan" className="finance-no-print -mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 px-1">
        {INCOME_KINDS.map((k) => (
          <li key={k}>
            <NavLink
              to={`/finance/income/${k}`}
              aria-current={k === current ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 items-center rounded-md px-3 text-sm whitespace-nowrap hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                k === current ? 'bg-primary text-primary-foreground hover:bg-primary' : 'text-muted-foreground',
              )}
            >
              {INCOME_KIND_TITLES[k]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
