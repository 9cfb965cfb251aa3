import * as React from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { LAYOUTS } from '../layouts';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { OfflineBanner } from '../components/OfflineBanner';
import LoginPage from '../pages/LoginPage';
import { NotFoundPage, RouteErrorPage } from '../pages/ErrorPage';
import { RequireAuth } from './auth';
import { LAYOUT_NAMES, type AppRoute } from './route-types';
import { PageFrame, ROUTES } from './routes';

/** What a registry entry renders inside its layout (the guard, title and page: app/page-frame.tsx, loaded lazily). */
export function elementFor(route: AppRoute): React.ReactElement {
  return (
    <React.Suspense fallback={<FullPageSpinner />}>
      <PageFrame route={route} />
    </React.Suspense>
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
