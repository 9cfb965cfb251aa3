import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from '../lib/trpc';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState(makeQueryClient);
  const [trpcClient] = React.useState(makeTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <TooltipProvider delayDuration={300}>
          {children}
          <Toaster />
        </TooltipProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
