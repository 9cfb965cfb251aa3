import * as React from 'react';
import { Link, Outlet } from 'react-router';
import { ArrowLeft, Menu } from 'lucide-react';
import { PRODUCT_NAME, type SessionUserDto } from '@klinik/shared';
import { useSession } from '../lib/session';
import { Button } from '../components/ui/button';
import { UnsavedChangesGuard } from '../components/UnsavedChanges';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../components/ui/sheet';
import { BrandMark } from './BrandMark';
import { visibleNav, type NavGroup } from './nav';
import { SideNav } from './SideNav';
import { BottomNav } from './TopMenu';
import { UserMenu } from './UserMenu';
import { BREAKPOINTS, useMinWidth } from './useMediaQuery';

export interface ModuleLayoutProps {
  /** data-layout attribute and accessible name. */
  name: string;
  title: string;
  nav: NavGroup[];
  logoutText: string;
  /** Left of the user menu (e.g. the finance 'Baru' menu). */
  actions?: React.ReactNode;
  /** Above the page (e.g. the developer's API banner). */
  banner?: (user: SessionUserDto) => React.ReactNode;
  /** 'Kembali ke Klinik' button (spec 2.7 'Back to Klinik') instead of the brand link. */
  backLabel?: string;
  profilePath?: (user: SessionUserDto) => string;
  /** Ask before leaving a page with a changed form (spec 2.7: the Backoffice). */
  guardUnsaved?: boolean;
}

/**
 * The frame shared by the finance, paket, attendance, backoffice and admin layouts: a top bar with the module
 * title and user menu, the module's navigation (inline from lg, a sheet below), and the page. Below md the clinic's
 * bottom navigation stays, as in the clinic layout, so a phone can always go back to the other modules
 * (issue 26 item 6); the page leaves room for it.
 */
export function ModuleLayout({
  name,
  title,
  nav,
  logoutText,
  actions,
  banner,
  backLabel,
  profilePath,
  guardUnsaved = false,
}: ModuleLayoutProps) {
  const user = useSession();
  const isLarge = useMinWidth(BREAKPOINTS.lg);
  const [sheetOpen, setSheetOpen] = React.useState(false);
  const groups = React.useMemo(() => visibleNav(nav, user), [nav, user]);

  return (
    <div className="flex min-h-dvh flex-col" data-layout={name}>
      <header className="sticky top-[var(--offline-banner,0px)] z-40 flex h-14 items-center gap-2 bg-topbar px-2 text-topbar-foreground shadow-sm sm:px-3">
        {!isLarge ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setSheetOpen(true)}
            aria-label="Buka menu samping"
            className="text-topbar-foreground hover:bg-white/10 hover:text-topbar-foreground"
          >
            <Menu className="size-5" />
          </Button>
        ) : null}
        {backLabel ? (
          <Button
            asChild
            variant="ghost"
            size="sm"
            className="text-topbar-foreground hover:bg-white/10 hover:text-topbar-foreground"
          >
            <Link to="/" data-testid="back-to-klinik">
              <ArrowLeft /> {backLabel}
            </Link>
          </Button>
        ) : (
          <Link
            to="/"
            className="flex shrink-0 items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-white/70"
            aria-label={`${PRODUCT_NAME} - Beranda`}
          >
            <BrandMark />
            <span className="hidden sm:inline">{PRODUCT_NAME}</span>
          </Link>
        )}
        <span className="mx-1 hidden h-5 w-px bg-white/30 sm:block" aria-hidden />
        <span className="truncate font-medium">{title}</span>
        <div className="flex-1" />
        {actions}
        <span
          className="hidden max-w-48 truncate text-sm text-topbar-foreground/85 md:inline"
          data-testid="branch-name"
        >
          {user.profile.name}
        </span>
        <UserMenu user={user} logoutText={logoutText} tone="dark" profilePath={profilePath?.(user)} />
      </header>
      {banner?.(user)}
      <div className="flex flex-1">
        {isLarge ? (
          <aside
            className="sticky top-[calc(3.5rem+var(--offline-banner,0px))] h-[calc(100dvh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r bg-sidebar"
            data-testid="module-nav"
          >
            <SideNav groups={groups} />
          </aside>
        ) : null}
        <main className="min-w-0 flex-1 p-3 pb-24 sm:p-4 sm:pb-24 md:p-6">
          {guardUnsaved ? (
            <UnsavedChangesGuard>
              <Outlet />
            </UnsavedChangesGuard>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
      <BottomNav user={user} />
      {!isLarge ? (
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
          <SheetContent side="left" className="gap-0 overflow-y-auto p-0">
            <SheetHeader className="border-b">
              <SheetTitle>{title}</SheetTitle>
              <SheetDescription className="truncate">{user.profile.name}</SheetDescription>
            </SheetHeader>
            <SideNav groups={groups} onNavigate={() => setSheetOpen(false)} />
          </SheetContent>
        </Sheet>
      ) : null}
    </div>
  );
}
