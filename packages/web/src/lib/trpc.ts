import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../../server/src/router';

export { api, type Envelope } from './api';
export { ApiError, errorItems, errorStatus } from './errors';
export { makeQueryClient, SESSION_KEY, TOAST_MS, type KlinikMeta } from './query';

/** `useTRPC()` gives typed query/mutation options: `useQuery(trpc.branches.list.queryOptions({...}))`. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}

let appClient: ReturnType<typeof makeTrpcClient> | undefined;
/** The one tRPC client of the running app (the layouts provide it; the login page does not need it). */
export function appTrpcClient() {
  appClient ??= makeTrpcClient();
  return appClient;
}

/**
 * The same query options as `useTRPC()` (same keys), outside React: for a page's data fetched before its first
 * render (lazyPage's prefetch).
 */
export function appTrpcOptions(queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client: appTrpcClient(), queryClient });
}
