import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '../lib/query';

// The toaster (sonner) is not needed to paint the first page: it loads right after (issue 10).
const Toaster = React.lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <React.Suspense fallback={null}>
        <Toaster />
      </React.Suspense>
    </QueryClientProvider>
  );
}
