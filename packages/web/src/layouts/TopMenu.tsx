import { NavLink, useLocation } from 'react-router';
import { TOP_MENU, type SessionUserDto } from '@klinik/shared';
import { moduleEntry, type ModuleKey } from './nav';
import { Icon } from '../components/icons';
import { cn } from '../lib/utils';

export interface TopMenuItem {
  key: ModuleKey;
  name: string;
  route: string;
  icon: string;
}

/**
 * Top-menu modules (spec 2.2) the user may open, each leading to the module's first built page the user may open
 * (the spec's route once it is built); a module with none is not shown.
 */
export function topMenuFor(user: SessionUserDto): TopMenuItem[] {
  return TOP_MENU.flatMap((m) => {
    const route = moduleEntry(user, m.key);
    return route ? [{ ...m, route }] : [];
  });
}

/** A module is current when the path is in its first segment (/, /service, /paket, ...). */
export function isModuleActive(route: string, pathname: string): boolean {
  if (route === '/') return pathname === '/';
  const seg = route.split('/')[1];
  return pathname === `/${seg}` || pathname.startsWith(`/${seg}/`);
}

export function TopMenu({ user }: { user: SessionUserDto }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Menu utama" className="hidden items-center gap-0.5 md:flex">
      {topMenuFor(user).map((m) => (
        <NavLink
          key={m.key}
          to={m.route}
          title={m.name}
          className={cn(
            'flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-topbar-foreground/85 outline-none hover:bg-white/10 hover:text-topbar-foreground focus-visible:ring-2 focus-visible:ring-white/70',
            isModuleActive(m.route, pathname) && 'bg-white/15 text-topbar-foreground',
          )}
        >
          <Icon name={m.icon} className="size-4 lg:hidden xl:block" />
          <span className="sr-only whitespace-nowrap lg:not-sr-only">{m.name}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** Small screens (below md): the same modules as a bottom bar. */
export function BottomNav({ user }: { user: SessionUserDto }) {
  const { pathname } = useLocation();
  const items = topMenuFor(user);
  return (
    <nav
      aria-label="Navigasi bawah"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.04)] md:hidden"
    >
      {items.map((m) => {
        const active = isModuleActive(m.route, pathname);
        return (
          <NavLink
            key={m.key}
            to={m.route}
            className={cn(
              'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 px-0.5 text-[10px] leading-tight text-muted-foreground outline-none focus-visible:bg-accent',
              active && 'text-primary',
            )}
          >
            <Icon name={m.icon} className="size-5" />
            <span className="w-full truncate text-center">{m.name}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
