import * as React from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { makeQueryClient } from '../lib/query';

// The toaster (sonner) is not needed to paint the first page: it loads right after (issue 10).
const Toaster = React.lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** `client`: the query client main.tsx already started the session query with; a new one otherwise. */
export function Providers({ client, children }: { client?: QueryClient; children: React.ReactNode }) {
  const [queryClient] = React.useState(() => client ?? makeQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <React.Suspense fallback={null}>
        <Toaster />
      </React.Suspense>
    </QueryClientProvider>
  );
}
