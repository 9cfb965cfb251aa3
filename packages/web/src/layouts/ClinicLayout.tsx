import * as React from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ChevronsLeft, ChevronsRight, Menu } from 'lucide-react';
import { MSG, PRODUCT_NAME, showsMyMenu } from '@klinik/shared';
import { useSession } from '../lib/session';
import { Button } from '../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../components/ui/sheet';
import { BranchSwitcher } from './BranchSwitcher';
import { DRAWER_WIDTH, drawerOpenFor } from './drawer';
import { CLINIC_NAV, visibleNav } from './nav';
import { SideNav } from './SideNav';
import { RAIL_WIDTH, SideRail } from './SideRail';
import { FOOTER_HEIGHT, SLOTS } from './slots';
import { BottomNav, TopMenu } from './TopMenu';
import { BREAKPOINTS, useMinWidth } from './useMediaQuery';
import { useAfterPaint } from '../lib/use-after-paint';
import { BrandMark } from './BrandMark';
import { UserMenu } from './UserMenu';

/**
 * Main clinic layout (spec 2.2, 2.8): top bar with modules, branch and user menu at md and up; bottom navigation
 * below md; a 350 px side drawer, inline from lg (open per drawerOpenFor) and a sliding sheet below lg. The inline
 * drawer collapses to a rail of group icons on demand; the choice is remembered on this device.
 */
const COLLAPSED_KEY = 'klinik.drawer.collapsed';
function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export default function ClinicLayout() {
  const user = useSession();
  const { pathname } = useLocation();
  const isLarge = useMinWidth(BREAKPOINTS.lg);
  const painted = useAfterPaint();
  const isXl = useMinWidth(BREAKPOINTS.xl);
  // The user's toggle holds until the path changes; then the drawer follows the path rule again.
  const [toggled, setToggled] = React.useState<{ path: string; open: boolean } | null>(null);
  const [sheetOpen, setSheetOpen] = React.useState(false);
  const [collapsed, setCollapsedState] = React.useState(readCollapsed);
  const setCollapsed = (c: boolean) => {
    setCollapsedState(c);
    try {
      localStorage.setItem(COLLAPSED_KEY, c ? '1' : '0');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  const drawerOpen = toggled?.path === pathname ? toggled.open : drawerOpenFor(pathname, !isXl);
  const nav = React.useMemo(() => visibleNav(CLINIC_NAV, user), [user]);
  const Footer = SLOTS.announcementsFooter;
  const MyMenu = SLOTS.myMenu;

  const toggle = () => {
    if (isLarge) setToggled({ path: pathname, open: !drawerOpen });
    else setSheetOpen((o) => !o);
  };

  return (
    <div className="flex min-h-dvh flex-col" data-layout="clinic">
      <header className="sticky top-[var(--offline-banner,0px)] z-40 flex h-14 items-center gap-2 bg-topbar px-2 text-topbar-foreground shadow-sm sm:px-3">
        <Button
          variant="ghost"
          size="icon"
          onClick={toggle}
          aria-label="Buka menu samping"
          aria-expanded={isLarge ? drawerOpen : sheetOpen}
          className="text-topbar-foreground hover:bg-white/10 hover:text-topbar-foreground"
        >
          <Menu className="size-5" />
        </Button>
        <Link
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2 rounded-md font-semibold outline-none focus-visible:ring-2 focus-visible:ring-white/70"
          aria-label={`${PRODUCT_NAME} - Beranda`}
        >
          <BrandMark />
          <span className="hidden sm:inline">{PRODUCT_NAME}</span>
        </Link>
        <TopMenu user={user} />
        <div className="flex-1" />
        <BranchSwitcher user={user} className="max-w-[9.5rem] sm:max-w-52 2xl:max-w-72" />
        {MyMenu && showsMyMenu(user) ? (
          <React.Suspense fallback={null}>
            <MyMenu user={user} />
          </React.Suspense>
        ) : null}
        <UserMenu user={user} logoutText={MSG.logoutConfirm(PRODUCT_NAME)} tone="dark" />
      </header>

      <div className="flex flex-1">
        {isLarge && drawerOpen ? (
          <aside
            data-testid="side-drawer"
            data-collapsed={collapsed || undefined}
            style={{
              width: collapsed ? RAIL_WIDTH : DRAWER_WIDTH,
              height: `calc(100dvh - 3.5rem - ${Footer ? FOOTER_HEIGHT : 0}px)`,
            }}
            className="sticky top-[calc(3.5rem+var(--offline-banner,0px))] flex shrink-0 flex-col overflow-y-auto border-r bg-sidebar"
          >
            <div className={collapsed ? 'flex justify-center pt-2' : 'flex justify-end px-3 pt-2'}>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => setCollapsed(!collapsed)}
                aria-label={collapsed ? 'Lebarkan menu samping' : 'Ciutkan menu samping menjadi ikon'}
                title={collapsed ? 'Lebarkan menu' : 'Ciutkan menu'}
              >
                {collapsed ? <ChevronsRight className="size-4" /> : <ChevronsLeft className="size-4" />}
              </Button>
            </div>
            {collapsed ? <SideRail groups={nav} /> : <SideNav groups={nav} className="pt-0" />}
          </aside>
        ) : null}
        <main className="min-w-0 flex-1 p-3 pb-24 sm:p-4 sm:pb-24 md:p-6">
          <Outlet />
        </main>
      </div>

      {Footer ? (
        <footer
          className="sticky bottom-0 z-30 hidden overflow-hidden border-t bg-card md:block"
          style={{ height: FOOTER_HEIGHT }}
        >
          {/* Its code and announcements come after the page is drawn. */}
          {painted ? (
            <React.Suspense fallback={null}>
              <Footer />
            </React.Suspense>
          ) : null}
        </footer>
      ) : null}

      <BottomNav user={user} />

      {!isLarge ? (
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
          <SheetContent side="left" className="gap-0 overflow-y-auto p-0" data-testid="side-drawer-sheet">
            <SheetHeader className="border-b">
              <SheetTitle>{PRODUCT_NAME}</SheetTitle>
              <SheetDescription className="truncate">{user.profile.name}</SheetDescription>
            </SheetHeader>
            <SideNav groups={nav} onNavigate={() => setSheetOpen(false)} />
          </SheetContent>
        </Sheet>
      ) : null}
    </div>
  );
}
