import * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { loginPathFor, useSessionQuery } from '../lib/session';

/** Pages below need a session: a signed-out visitor goes to /login?next=<here> and comes back after signing in. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { data, isPending, error } = useSessionQuery();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (error) throw error;
  if (!data) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
