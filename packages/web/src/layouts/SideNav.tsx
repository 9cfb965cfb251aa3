import { NavLink } from 'react-router';
import { cn } from '../lib/utils';
import type { VisibleNavGroup } from './nav';

/** A module's navigation list: groups with links; the current page is highlighted. */
export function SideNav({
  groups,
  onNavigate,
  className,
}: {
  groups: VisibleNavGroup[];
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    <nav aria-label="Navigasi modul" className={cn('flex flex-col gap-4 p-3', className)}>
      {groups.map((g) => (
        <div key={g.label}>
          <div className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{g.label}</div>
          <ul className="flex flex-col gap-0.5">
            {g.items.map((it, idx) => (
              <li key={`${it.path}-${idx}`}>
                <NavLink
                  to={it.path}
                  end
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'block truncate rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                      isActive && 'bg-primary/10 font-medium text-primary',
                    )
                  }
                >
                  {it.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
