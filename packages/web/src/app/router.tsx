import * as React from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PRODUCT_NAME } from '@klinik/shared';
import { LAYOUTS } from '../layouts';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { OfflineBanner } from '../components/OfflineBanner';
import LoginPage from '../pages/LoginPage';
import PlannedPage from '../pages/PlannedPage';
import NoAccessPage from '../pages/NoAccessPage';
import { errorStatus } from '../lib/errors';
import { NotFoundPage, RouteErrorPage } from '../pages/ErrorPage';
import { RequireAuth, useSession } from './auth';
import { canEnter, hasPageAccess } from './guards';
import { LAYOUT_NAMES, type AppRoute } from './route-types';
import { ROUTES } from './routes';

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
  if (!route.planned && !hasPageAccess(user, route)) return <NoAccessPage title={route.title} />;
  return <>{children}</>;
}

/** A query the server refused with 403 (thrown by the query client, see lib/trpc.ts) shows the no-access state. */
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
    if (errorStatus(error) === 403) return <NoAccessPage title={this.props.title} />;
    throw error;
  }
}

/** What a registry entry renders inside its layout: its page, or the shared planned page. */
export function elementFor(route: AppRoute): React.ReactElement {
  const Page = route.page;
  const body = route.planned || !Page ? <PlannedPage title={route.title} /> : <Page />;
  return (
    <Guard route={route}>
      <Titled title={route.title}>
        <PageAccessBoundary title={route.title}>
          <React.Suspense fallback={<FullPageSpinner />}>{body}</React.Suspense>
        </PageAccessBoundary>
      </Titled>
    </Guard>
  );
}

function Root() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
    </>
  );
}

export function buildRouteObjects(routes: AppRoute[]): RouteObject[] {
  const byLayout: RouteObject[] = LAYOUT_NAMES.map((layout) => {
    const Layout = LAYOUTS[layout];
    return {
      element: (
        <React.Suspense fallback={<FullPageSpinner />}>
          <Layout />
        </React.Suspense>
      ),
      children: routes.filter((r) => r.layout === layout).map((r) => ({ path: r.path, element: elementFor(r) })),
    };
  });
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/login', element: <LoginPage /> },
        {
          element: (
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          ),
          // Errors inside a page keep the app frame out of the way: the generic error page replaces everything.
          errorElement: <RouteErrorPage />,
          children: byLayout,
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects(ROUTES));
}
