import {
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import { errorItems, errorStatus } from './errors';

/** Popups last 2 seconds (spec 8). */
export const TOAST_MS = 2000;

/**
 * Query/mutation `meta` understood by the global error handler:
 * - `inlineErrors: true` — the form shows the server's list itself (ErrorList / applyServerErrors), no toast.
 * - `silent: true` — only logged (spec 8: some fetch failures are only logged).
 */
export interface KlinikMeta extends Record<string, unknown> {
  inlineErrors?: boolean;
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: KlinikMeta;
    mutationMeta: KlinikMeta;
  }
}

export const SESSION_KEY = ['session'] as const;

function report(err: unknown, meta: KlinikMeta | undefined, client: () => QueryClient, kind: 'query' | 'mutation') {
  if (errorStatus(err) === 401) {
    // The session ended: the auth provider sends the user to /login and back here afterwards.
    client().setQueryData(SESSION_KEY, null);
    return;
  }
  if (meta?.silent) {
    console.warn(err);
    return;
  }
  if (meta?.inlineErrors) return;
  // A refused page query shows the page's no-access state instead (throwOnError below).
  if (errorStatus(err) === 403 && kind === 'query') return;
  const text = errorItems(err)
    .map((i) => i.message)
    .join('\n');
  // sonner loads with the first toast, not with the login page (issue 10).
  void import('sonner').then(({ toast }) => toast.error(text, { duration: TOAST_MS }));
}

/**
 * A query client whose invalidation never keeps an answer given before the change it follows. TanStack Query joins
 * a fetch already running instead of restarting it when the query has no data yet (only a cancelRefetch of a query
 * WITH data restarts): a list whose new filter (a debounced search word) began loading just before a mutation saved
 * would take that pre-mutation answer as fresh after `invalidateQueries`, and keep it for the stale time (30 s):
 * an approved price still offered 'Setujui' (e2e/pricelist.test.ts, issue 30). So such a first fetch of a query the
 * invalidation will refetch is cancelled (its state reverted) first, and the invalidation fetches it anew.
 */
export class KlinikQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    if (filters?.refetchType !== 'none') {
      const type = filters?.refetchType ?? filters?.type ?? 'active';
      const firstFetches = this.getQueryCache()
        .findAll({ ...filters, type, fetchStatus: 'fetching' })
        .filter((q) => q.state.data === undefined && !q.isDisabled());
      await Promise.all(firstFetches.map((q) => q.cancel({ revert: true })));
    }
    return super.invalidateQueries(filters, options);
  }
}

/**
 * The app's query client. It lives in its own module, apart from the tRPC client (lib/trpc.ts), so that the
 * login page's first download carries TanStack Query but not tRPC (issue 10).
 */
export function makeQueryClient(): QueryClient {
  const qc: QueryClient = new KlinikQueryClient({
    queryCache: new QueryCache({ onError: (err, query) => report(err, query.meta, () => qc, 'query') }),
    mutationCache: new MutationCache({
      onError: (err, _v, _c, mutation) => report(err, mutation.meta, () => qc, 'mutation'),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 403 on a page's query: the page shows 'Anda tidak memiliki akses ke halaman ini' (PageAccessBoundary in
        // app/page-frame.tsx) instead of a false empty list. Silent queries (optional pickers) keep the page.
        throwOnError: (err, query) => errorStatus(err) === 403 && !query.meta?.silent,
        retry: (count, err) => {
          const status = errorStatus(err);
          if (status !== undefined && status < 500) return false;
          return count < 1;
        },
      },
      mutations: { retry: false },
    },
  });
  return qc;
}
