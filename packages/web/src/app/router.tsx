import * as React from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PRODUCT_NAME } from '@klinik/shared';
import { LAYOUTS } from '../layouts';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { OfflineBanner } from '../components/OfflineBanner';
import LoginPage from '../pages/LoginPage';
import PlannedPage from '../pages/PlannedPage';
import { NotFoundPage, RouteErrorPage } from '../pages/ErrorPage';
import { RequireAuth, useSession } from './auth';
import { canEnter } from './guards';
import { LAYOUT_NAMES, type AppRoute } from './route-types';
import { ROUTES } from './routes';

/** Sets the document title to the route's Indonesian title. */
function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  React.useEffect(() => {
    document.title = `${title} - ${PRODUCT_NAME}`;
  }, [title]);
  return <>{children}</>;
}

/** A route guard (spec 6): a user whose role may not enter is sent to '/'. */
export function Guard({ route, children }: { route: Pick<AppRoute, 'guard'>; children: React.ReactNode }) {
  const user = useSession();
  if (!canEnter(user, route.guard)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** What a registry entry renders inside its layout: its page, or the shared planned page. */
export function elementFor(route: AppRoute): React.ReactElement {
  const Page = route.page;
  const body = route.planned || !Page ? <PlannedPage title={route.title} /> : <Page />;
  return (
    <Guard route={route}>
      <Titled title={route.title}>
        <React.Suspense fallback={<FullPageSpinner />}>{body}</React.Suspense>
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
