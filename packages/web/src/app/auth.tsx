import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import type { SessionUserDto } from '@klinik/shared';
import { api, type Envelope } from '../lib/api';
import { ApiError } from '../lib/errors';
import { SESSION_KEY } from '../lib/query';
import { FullPageSpinner } from '../components/FullPageSpinner';

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

/** Pages below need a session: a signed-out visitor goes to /login?next=<here> and comes back after signing in. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { data, isPending, error } = useSessionQuery();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (error) throw error;
  if (!data) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
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
