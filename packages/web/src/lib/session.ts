/**
 * The signed-in user on the web (issue 27 item 6: below the app shell, so modules, layouts and lib import it without
 * pointing up into app/): the session query, the hooks that read it, sign in / out, and the login paths.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUserDto } from '@klinik/shared';
import { api, type Envelope } from './api';
import { ApiError } from './errors';
import { SESSION_KEY } from './query';

/** The signed-in user, or null. 401 means signed out; any other failure is an error the error page shows. */
async function fetchSession(signal: AbortSignal): Promise<SessionUserDto | null> {
  try {
    const res = await api.get<Envelope<SessionUserDto>>('/api/auth/me', { signal });
    return res.data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The session query, for useQuery and for main.tsx, which starts it before the first render. */
export const sessionQuery = {
  queryKey: SESSION_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSession(signal),
  staleTime: 5 * 60_000,
  meta: { silent: true },
};

export function useSessionQuery() {
  return useQuery(sessionQuery);
}

/** The signed-in user inside the app's pages (always set below RequireAuth). */
export function useSession(): SessionUserDto {
  const { data } = useSessionQuery();
  if (!data) throw new Error('useSession() outside RequireAuth');
  return data;
}

/** A path of our own app to return to after signing in; anything else becomes '/'. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/login'))
    return '/';
  return next;
}

export function loginPathFor(pathname: string, search = ''): string {
  const target = pathname + search;
  return target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}

export function useSignIn() {
  const qc = useQueryClient();
  return async (username: string, password: string): Promise<SessionUserDto> => {
    const res = await api.post<Envelope<SessionUserDto>>('/api/auth/login', { username, password });
    qc.clear();
    qc.setQueryData(SESSION_KEY, res.data);
    return res.data;
  };
}

export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    await api.post('/api/auth/logout');
    qc.clear();
    qc.setQueryData(SESSION_KEY, null);
  };
}
