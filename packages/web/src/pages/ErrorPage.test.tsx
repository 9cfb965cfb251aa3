import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@klinik/shared';
import { NotFoundPage, RouteErrorPage } from './ErrorPage';

async function render(loader: () => unknown): Promise<string> {
  const router = createMemoryRouter([{ path: '/', loader, element: <p>ok</p>, errorElement: <RouteErrorPage /> }], {
    initialEntries: ['/'],
  });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((s) => (s.initialized ? resolve() : undefined));
  });
  return renderToString(<RouterProvider router={router} />);
}

describe('generic error page (spec 2.3)', () => {
  it('shows Kesalahan terjadi for any thrown error, with a way home', async () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      const html = await render(() => {
        throw new Error('rusak');
      });
      expect(html).toContain(MSG.errorTitle);
      expect(html).toContain(MSG.errorText);
      expect(html).toContain('Kembali ke Beranda');
      expect(html).toContain('href="/"');
      expect(html).not.toContain('rusak');
    } finally {
      console.error = original;
    }
  });

  it('shows Not Found for a 404 response and for unknown routes', async () => {
    const html = await render(() => {
      throw new Response('', { status: 404 });
    });
    expect(html).toContain(MSG.notFoundTitle);
    expect(renderToString(<NotFoundPage />)).toContain(`>${MSG.notFoundTitle}<`);
  });
});
