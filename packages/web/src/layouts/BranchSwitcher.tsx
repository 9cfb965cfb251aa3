import { useMutation, useQuery } from '@tanstack/react-query';
import { Building2, Check, ChevronDown } from 'lucide-react';
import { isTopLevel, type SessionUserDto } from '@klinik/shared';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { useTRPC } from '../lib/trpc';
import { cn } from '../lib/utils';

/**
 * The current branch's name; owner and developer get a switcher listing every branch (inactive ones, status 0,
 * in the warning colour, active ones green). After switching, the app reloads at '/'.
 */
export function BranchSwitcher({ user, className }: { user: SessionUserDto; className?: string }) {
  const topLevel = isTopLevel(user);
  if (!topLevel) {
    return (
      <div className={cn('flex min-w-0 items-center gap-1.5 text-sm', className)} data-testid="branch-name">
        <Building2 className="size-4 shrink-0 opacity-80" aria-hidden />
        <span className="truncate">{user.profile.name}</span>
      </div>
    );
  }
  return <Switcher user={user} className={className} />;
}

function Switcher({ user, className }: { user: SessionUserDto; className?: string }) {
  const trpc = useTRPC();
  const branches = useQuery(trpc.branches.list.queryOptions({ isallbranch: 1 }));
  const switchBranch = useMutation(
    trpc.auth.switchBranch.mutationOptions({
      onSuccess: () => window.location.assign('/'),
    }),
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex min-w-0 items-center gap-1.5 rounded-md px-2 py-1 text-sm outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
        data-testid="branch-switcher"
        aria-label={`Ganti cabang: ${user.profile.name}`}
        disabled={switchBranch.isPending}
      >
        <Building2 className="size-4 shrink-0 opacity-80" aria-hidden />
        <span className="truncate" data-testid="branch-name">
          {user.profile.name}
        </span>
        <ChevronDown className="size-3.5 shrink-0 opacity-80" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Pilih Cabang</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {branches.isPending ? <div className="px-2 py-1.5 text-sm text-muted-foreground">Memuat...</div> : null}
        {(branches.data ?? []).map((b) => (
          <DropdownMenuItem
            key={b.id}
            data-testid={`branch-option-${b.id}`}
            onSelect={() => {
              if (b.id !== user.profile_id) switchBranch.mutate({ profile_id: b.id });
            }}
            className={cn(b.status === 0 ? 'text-warning-foreground' : 'text-success')}
          >
            <span
              className={cn('size-2.5 shrink-0 rounded-full', b.status === 0 ? 'bg-warning' : 'bg-success')}
              aria-hidden
            />
            <span className="min-w-0 flex-1 truncate">
              {b.name}
              {b.status === 0 ? <span className="ml-1 text-xs">(tidak aktif)</span> : null}
            </span>
            {b.id === user.profile_id ? <Check className="text-foreground" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
