import type * as React from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FileQuestion, TriangleAlert } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { Button } from '../components/ui/button';

function Frame({ icon, title, text }: { icon: React.ReactNode; title: string; text?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center" data-testid="error-page">
      {icon}
      <h1 className="text-2xl font-semibold">{title}</h1>
      {text ? <p className="text-muted-foreground">{text}</p> : null}
      <Button asChild className="mt-2">
        {/* A full load: after a crash the app starts clean. */}
        <a href="/">Kembali ke Beranda</a>
      </Button>
    </div>
  );
}

/** Unknown routes (spec 2.3). */
export function NotFoundPage() {
  return (
    <Frame
      icon={<FileQuestion className="size-14 text-muted-foreground/70" aria-hidden />}
      title={MSG.notFoundTitle}
      text="Halaman yang Anda cari tidak ditemukan."
    />
  );
}

/** Any error thrown while loading or rendering a route (spec 2.3). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Frame
      icon={<TriangleAlert className="size-14 text-destructive" aria-hidden />}
      title={MSG.errorTitle}
      text={MSG.errorText}
    />
  );
}
