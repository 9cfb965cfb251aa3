import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { sessionQuery } from './lib/session';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { preloadRoute } from './app/routes';
import { makeQueryClient } from './lib/query';

const router = createAppRouter();
const queryClient = makeQueryClient();

/**
 * A signed-in page is drawn once, with everything it needs (issue 10): the session check and the page's layout,
 * guard and page chunks start together here (and the page's first data, for pages that declare it, without
 * waiting for it), and React renders when the session and chunks have all arrived. Until then the HTML's
 * own 'Memuat…' stays painted. Rendering at once instead drew a spinner for the session, then one per lazy part
 * as each arrived (React reveals suspended content in throttled steps), several renders before the page's own.
 * A slow network still gets the old way after a few seconds: spinners while the rest arrives.
 */
const ready = window.location.pathname.startsWith('/login')
  ? Promise.resolve()
  : Promise.race([
      // The session request first: it is the longest of these on a phone (a round trip and the server's work).
      Promise.all([queryClient.prefetchQuery(sessionQuery), preloadRoute(window.location.pathname, queryClient)]),
      new Promise((resolve) => setTimeout(resolve, 4000)),
    ]);

void ready.then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React yields to the browser every few milliseconds while it renders the layout and the page,
  // instead of one long task that holds off input (Lighthouse's total blocking time on a phone).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
});
