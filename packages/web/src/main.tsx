import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { preloadRoute } from './app/routes';

const router = createAppRouter();
// The page being opened and its layout download while the session is checked, not after (issue 10).
if (!window.location.pathname.startsWith('/login')) preloadRoute(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
