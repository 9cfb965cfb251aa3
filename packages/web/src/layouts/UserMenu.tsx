import * as React from 'react';
import { useNavigate } from 'react-router';
import { LogOut, UserRound, Wallet } from 'lucide-react';
import { ROLE_LABELS, roleNameOf, topLevelNameOf, TOPLEVEL_LABELS, type SessionUserDto } from '@klinik/shared';
import { useSignOut } from '../lib/session';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { UserAvatar } from '../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { errorItems, TOAST_MS } from '../lib/trpc';
import { cn, initialsOf } from '../lib/utils';

export function roleLabel(user: SessionUserDto): string {
  const top = topLevelNameOf(user.roletoplevel);
  const role = roleNameOf(user.role);
  const base = role ? ROLE_LABELS[role] : user.rolename;
  return top ? `${TOPLEVEL_LABELS[top]} · ${base}` : base;
}

/** Doctors and investors have a My Income page (/user/:id/finance). */
function receivesIncome(user: SessionUserDto): boolean {
  const role = roleNameOf(user.role);
  return role === 'dokter' || role === 'investor';
}

/** Avatar with the user's name; 'Profil' goes to /user/:id, 'Logout' asks first (text differs per layout). */
export function UserMenu({
  user,
  logoutText,
  tone = 'light',
  profilePath,
}: {
  user: SessionUserDto;
  logoutText: string;
  tone?: 'light' | 'dark';
  profilePath?: string;
}) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [confirm, setConfirm] = React.useState(false);

  const logout = async () => {
    try {
      await signOut();
      void navigate('/login', { replace: true });
    } catch (err) {
      const text = errorItems(err)
        .map((e) => e.message)
        .join('\n');
      // sonner loads with the first toast, not with every layout (issue 10).
      void import('sonner').then(({ toast }) => toast.error(text, { duration: TOAST_MS }));
      throw err;
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className={cn(
            'flex shrink-0 items-center gap-2 rounded-full p-0.5 outline-none focus-visible:ring-2 focus-visible:ring-ring 2xl:pr-2',
            tone === 'dark' ? 'hover:bg-white/10' : 'hover:bg-accent',
          )}
          // The initials the avatar shows are part of the name (WCAG 2.5.3: a speech user says what they see).
          aria-label={`Menu pengguna: ${user.name} (${user.initial || initialsOf(user.name)})`}
          data-testid="user-menu"
        >
          <span aria-hidden>
            <UserAvatar
              name={user.name}
              src={user.avatarurl}
              initial={user.initial}
              className="size-8 ring-2 ring-white/60"
            />
          </span>
          <span className="hidden max-w-40 truncate text-sm font-medium 2xl:inline">{user.name}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>
            <div className="truncate">{user.name}</div>
            <div className="truncate text-xs font-normal text-muted-foreground">{roleLabel(user)}</div>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void navigate(profilePath ?? `/user/${user.id}`)}>
            <UserRound /> Profil
          </DropdownMenuItem>
          {/* Issue 29 item 6: a doctor's fees and an investor's distributions. */}
          {receivesIncome(user) ? (
            <DropdownMenuItem onSelect={() => void navigate(`/user/${user.id}/finance`)} data-testid="my-income">
              <Wallet /> Pendapatan Saya
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirm(true)} data-testid="logout">
            <LogOut /> Keluar
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Keluar"
        description={logoutText}
        confirmLabel="Keluar"
        destructive
        onConfirm={logout}
      />
    </>
  );
}
