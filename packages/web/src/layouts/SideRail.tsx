import { NavLink, useLocation } from 'react-router';
import {
  Boxes,
  Building2,
  CalendarClock,
  ClipboardList,
  FolderCog,
  HandCoins,
  Home,
  LayoutGrid,
  Stethoscope,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../lib/utils';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import type { VisibleNavGroup } from './nav';

/** The icon of a navigation group in the collapsed drawer (by the group's label; a grid for any other). */
const GROUP_ICONS: Record<string, LucideIcon> = {
  Umum: Home,
  'Data Pemangku Kepentingan': Users,
  Layanan: Stethoscope,
  'Rekam Medis': ClipboardList,
  'Kasir & Membership': Wallet,
  Inventori: Boxes,
  Master: FolderCog,
  'Modul Lain': LayoutGrid,
  Keuangan: HandCoins,
  Absensi: CalendarClock,
  'Panel Admin': Building2,
};

export const RAIL_WIDTH = 64;

/**
 * The side drawer collapsed to icons (issue 16, item 5): one button per navigation group; it opens the group's
 * links as a menu (keyboard: Enter or Space opens, arrows move, Escape closes). The group holding the current page
 * is highlighted.
 */
export function SideRail({ groups }: { groups: VisibleNavGroup[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Navigasi modul" className="flex flex-col items-center gap-1 py-3">
      {groups.map((g) => {
        const Icon = GROUP_ICONS[g.label] ?? LayoutGrid;
        const current = g.items.some((it) => it.path === pathname);
        return (
          <DropdownMenu key={g.label}>
            <DropdownMenuTrigger
              aria-label={g.label}
              title={g.label}
              className={cn(
                'flex size-11 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                current && 'bg-primary/10 text-primary',
              )}
            >
              <Icon className="size-5" aria-hidden />
            </DropdownMenuTrigger>
            <DropdownMenuContent side="right" align="start" className="max-h-[70vh] w-64 overflow-y-auto">
              <DropdownMenuLabel>{g.label}</DropdownMenuLabel>
              {g.items.map((it, idx) => (
                <DropdownMenuItem key={`${it.path}-${idx}`} asChild>
                  <NavLink to={it.path} end className={cn(it.path === pathname && 'font-medium text-primary')}>
                    {it.title}
                  </NavLink>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        );
      })}
    </nav>
  );
}
