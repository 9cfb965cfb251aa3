import * as React from 'react';
import { Navigate } from 'react-router';
import { PRODUCT_NAME } from '@klinik/shared';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { errorStatus } from '../lib/errors';
import NoAccessPage from '../pages/NoAccessPage';
import PlannedPage from '../pages/PlannedPage';
import { useSession } from '../lib/session';
import { canEnter, hasPageAccess } from './guards';
import { PageShown } from './page-shown';
import type { AppRoute } from './route-types';

/**
 * What a registry route renders inside its layout: the guard, the title, the no-access boundary and the page.
 * Loaded with the layouts, not with the login page (issue 10): the guard needs the access rules of every page
 * (PAGE_ACCESS), which only a signed-in user's pages use.
 */

/** Sets the document title to the route's Indonesian title. */
function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  React.useEffect(() => {
    document.title = `${title} - ${PRODUCT_NAME}`;
  }, [title]);
  return <>{children}</>;
}

/**
 * A route guard (spec 6): a user whose role may not enter is sent to '/'. A user whose role may enter but who lacks
 * the privileges the page's data needs (PAGE_ACCESS) sees 'Anda tidak memiliki akses ke halaman ini'.
 */
export function Guard({
  route,
  children,
}: {
  route: Pick<AppRoute, 'guard' | 'path' | 'title' | 'planned'>;
  children: React.ReactNode;
}) {
  const user = useSession();
  if (!canEnter(user, route.guard)) return <Navigate to="/" replace />;
  if (!route.planned && !hasPageAccess(user, route))
    return (
      <>
        <NoAccessPage title={route.title} />
        <PageShown />
      </>
    );
  return <>{children}</>;
}

/** A query the server refused with 403 (thrown by the query client, see lib/query.ts) shows the no-access state. */
export class PageAccessBoundary extends React.Component<
  { title?: string; children: React.ReactNode },
  { error: unknown }
> {
  state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (error == null) return this.props.children;
    if (errorStatus(error) === 403)
      return (
        <>
          <NoAccessPage title={this.props.title} />
          <PageShown />
        </>
      );
    throw error;
  }
}

/** A registry entry inside its layout: its page, or the shared planned page. */
export default function PageFrame({ route }: { route: AppRoute }) {
  const Page = route.page;
  const body = route.planned || !Page ? <PlannedPage title={route.title} /> : <Page />;
  return (
    <Guard route={route}>
      <Titled title={route.title}>
        <PageAccessBoundary title={route.title}>
          <React.Suspense fallback={<FullPageSpinner />}>
            {body}
            <PageShown />
          </React.Suspense>
        </PageAccessBoundary>
      </Titled>
    </Guard>
  );
}
