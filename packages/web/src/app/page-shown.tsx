import * as React from 'react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useLocation } from 'react-router';

/**
 * Two marks on `<html>` that tell a browser test when a page is ready, instead of a guessed quiet period
 * (e2e/access.test.ts, issue 27 item 8):
 * - `data-page`: the path of the page (or the no-access state) that has mounted, set once its lazy chunk has arrived
 *   and it has rendered; it differs from `location.pathname` while the next page is still loading.
 * - `data-fetching`: the queries and mutations in flight (TanStack Query), so a test waits until the page's first
 *   calls, and those its answers lead to, have been answered.
 * Rendered beside what it marks, inside the same Suspense boundary: its effect runs after the page's own.
 */
export function PageShown() {
  const { pathname } = useLocation();
  React.useEffect(() => {
    document.documentElement.dataset.page = pathname;
  }, [pathname]);
  return null;
}

/** `data-fetching` on `<html>` (see PageShown); rendered once, inside the query client's provider. */
export function QueryActivity() {
  const busy = useIsFetching() + useIsMutating();
  React.useEffect(() => {
    document.documentElement.dataset.fetching = String(busy);
  }, [busy]);
  return null;
}
