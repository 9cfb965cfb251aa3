import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime, isTopLevel, type UserSessionDto } from '@klinik/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { errorItems, SESSION_KEY, useTRPC } from '../../../lib/trpc';

/** A short name of the browser behind a session ('Chrome · Android'), from its user agent. */
function deviceOf(ua: string | null): string {
  if (!ua) return 'Perangkat tidak dikenal';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

/** Whether the signed-in user may see (and end) the sessions of `userId`: their own, or anyone's for owner/developer. */
export function canSeeSessions(me: { id: number; roletoplevel: number }, userId: number): boolean {
  return me.id === userId || isTopLevel(me);
}

/**
 * The sessions of a user (issue 30 item 6) with 'Akhiri sesi ini' on each: the session ended is signed out at once.
 * Ending one's own current session signs out here too.
 */
export function SessionsList({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [ending, setEnding] = React.useState<UserSessionDto | null>(null);
  const sessions = useQuery({ ...trpc.users.sessions.queryOptions({ id: userId }), meta: { inlineErrors: true } });
  const end = useMutation({ ...trpc.users.endSession.mutationOptions(), meta: { inlineErrors: true } });
  const confirm = async () => {
    if (!ending) return;
    await end.mutateAsync({ id: userId, session: ending.id });
    if (ending.current) {
      qc.clear();
      qc.setQueryData(SESSION_KEY, null);
      return;
    }
    toast.success('Sesi diakhiri');
    await qc.invalidateQueries({ queryKey: trpc.users.sessions.queryKey({ id: userId }) });
  };
  return (
    <section className="grid gap-3" data-testid="sessions">
      <h2 className="text-lg font-semibold">Sesi Aktif</h2>
      {sessions.error ? <ErrorList items={errorItems(sessions.error)} /> : null}
      {end.error ? <ErrorList items={errorItems(end.error)} /> : null}
      {sessions.isPending ? <p className="text-sm text-muted-foreground">Memuat...</p> : null}
      {sessions.data?.length === 0 ? <p className="text-sm text-muted-foreground">Tidak ada sesi aktif</p> : null}
      <ul className="grid gap-2">
        {(sessions.data ?? []).map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-3 text-sm"
            data-testid="session-row"
          >
            <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2 font-medium">
                {deviceOf(s.user_agent)}
                {s.current ? <Badge variant="success">Sesi ini</Badge> : null}
              </div>
              <div className="text-xs text-muted-foreground">
                {s.branch_name} · {s.ip ?? '-'} · masuk {formatDateTime(s.created_at)} · berlaku sampai{' '}
                {formatDateTime(s.expires_at)}
              </div>
            </div>
            <Button size="sm" variant="outline" onClick={() => setEnding(s)}>
              <LogOut /> Akhiri sesi ini
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!ending}
        onOpenChange={(o) => (o ? undefined : setEnding(null))}
        title="Akhiri sesi ini"
        description={
          ending?.current
            ? 'Ini sesi yang sedang anda pakai: anda akan keluar. Lanjutkan?'
            : `Sesi ${deviceOf(ending?.user_agent ?? null)} akan keluar seketika. Lanjutkan?`
        }
        confirmLabel="Akhiri"
        destructive
        onConfirm={confirm}
      />
    </section>
  );
}
