import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { makeQueryClient } from '../lib/query';
import { useAfterPaint } from '../lib/use-after-paint';
import { QueryActivity } from './page-shown';

// The toaster (sonner) is not needed to paint the first page: it loads once that is drawn (issue 10). A toast shown
// before it is there is not lost: sonner hands its active toasts to a Toaster when it mounts.
const Toaster = React.lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** `client`: the query client main.tsx already started the session query with; a new one otherwise. */
export function Providers({ client, children }: { client?: QueryClient; children: React.ReactNode }) {
  const [queryClient] = React.useState(() => client ?? makeQueryClient());
  const painted = useAfterPaint();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <QueryActivity />
      {painted ? (
        <React.Suspense fallback={null}>
          <Toaster />
        </React.Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
