import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Activity, Building2, ClipboardCheck, LayoutList, Megaphone, ShieldCheck, Users } from 'lucide-react';
import { canFeature, GUARDS, hasAnyTopLevel, inRoles, type SessionUserDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';

// The drawer and the poster and success dialogs load when first opened, not with every page of the clinic layout (issue 10).
const ActivityDrawer = React.lazy(() => import('./ActivityDrawer').then((m) => ({ default: m.ActivityDrawer })));
const PosterDialog = React.lazy(() => import('../../pengumuman').then((m) => ({ default: m.PosterDialog })));
const SuccessDialog = React.lazy(() =>
  import('../../../components/ui/success-dialog').then((m) => ({ default: m.SuccessDialog })),
);

/**
 * 'My Menu' in the clinic top bar (spec 6; the layout hides it for investors): announcements, approvals and
 * the activity drawer, plus the settings pages the user may open. The badge counts requests waiting for me.
 */
export function MyMenu({ user }: { user: SessionUserDto }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [drawer, setDrawer] = React.useState(false);
  const [poster, setPoster] = React.useState(false);
  const [posted, setPosted] = React.useState(false);
  // Mounted from the first opening on, so that closing keeps its animation.
  const drawerUsed = useOpenedOnce(drawer);
  const posterUsed = useOpenedOnce(poster);
  const waiting = useQuery({
    ...trpc.applog.list.queryOptions({ scope: 'waiting', status: 0, page: 1, limit: 1 }),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  const count = waiting.data?.count ?? 0;
  const master = inRoles(user, GUARDS.master);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative text-topbar-foreground hover:bg-white/10 hover:text-topbar-foreground"
            aria-label="My Menu"
            data-testid="my-menu"
          >
            <LayoutList className="size-5" />
            {count > 0 ? (
              <span
                className="absolute -top-0.5 -right-0.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-destructive-foreground"
                data-testid="my-menu-count"
              >
                {count > 99 ? '99+' : count}
              </span>
            ) : null}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>My Menu</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => setPoster(true)}>
            <Megaphone /> Buat Pengumuman
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate('/pengumuman')}>
            <Megaphone /> Pengumuman
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void navigate('/confirmation')}>
            <ClipboardCheck /> Persetujuan{count > 0 ? ` (${count})` : ''}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDrawer(true)} data-testid="open-activity">
            <Activity /> Aktivitas
          </DropdownMenuItem>
          {master || hasAnyTopLevel(user) ? <DropdownMenuSeparator /> : null}
          {master && canFeature(user, 'SETTING_USER', 'read') ? (
            <DropdownMenuItem onSelect={() => void navigate('/master/users')}>
              <Users /> Pengguna
            </DropdownMenuItem>
          ) : null}
          {master && canFeature(user, 'SETTING_APPROVAL', 'read') ? (
            <DropdownMenuItem onSelect={() => void navigate('/master/approval-rule')}>
              <ShieldCheck /> Aturan Persetujuan
            </DropdownMenuItem>
          ) : null}
          {hasAnyTopLevel(user) ? (
            <DropdownMenuItem onSelect={() => void navigate('/backoffice/cabang')}>
              <Building2 /> Cabang
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <React.Suspense fallback={null}>
        {drawerUsed ? <ActivityDrawer open={drawer} onOpenChange={setDrawer} /> : null}
        {posterUsed ? <PosterDialog open={poster} onOpenChange={setPoster} onPosted={() => setPosted(true)} /> : null}
      </React.Suspense>
      {/* Loaded while the poster dialog is open, shown when it has posted. */}
      <React.Suspense fallback={null}>
        {posterUsed ? <SuccessDialog open={posted} onClose={() => setPosted(false)} /> : null}
      </React.Suspense>
    </>
  );
}
