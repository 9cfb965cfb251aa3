import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** A lazy page or layout that can also be fetched ahead of its first render. */
export type Preloadable<P = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
  /** The data the page shows first, fetched into the query cache before its first render (see preloadRoute). */
  prefetch?: (client: QueryClient) => Promise<unknown>;
};

type Loaded<P> = { default: ComponentType<P> };

/**
 * `React.lazy` with a `preload()`: main.tsx starts fetching the layout and the page of the URL being opened at
 * once, in parallel with the session check, instead of one after the other (issue 10: fewer round trips before
 * the first useful paint on a phone).
 *
 * A module that has arrived before its first render is handed to React at once (a thenable that answers
 * synchronously, which `React.lazy` reads without suspending): no spinner committed and replaced, and no wait for
 * React's throttled reveal of suspended content, on the way to the first paint of a page.
 */
export function lazyPage<P = object>(
  load: () => Promise<Loaded<P>>,
  prefetch?: (client: QueryClient) => Promise<unknown>,
): Preloadable<P> {
  let pending: Promise<Loaded<P>> | undefined;
  let loaded: Loaded<P> | undefined;
  const get = () => {
    pending ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return pending;
  };
  const component = lazy(() => {
    if (!loaded) return get();
    const m = loaded;
    return { then: (resolve: (value: Loaded<P>) => void) => resolve(m) } as unknown as Promise<Loaded<P>>;
  }) as Preloadable<P>;
  component.preload = get;
  component.prefetch = prefetch;
  return component;
}

/** Fetches the page's first data (when it declares any); failures are left to the page's own queries. */
export function prefetch(component: unknown, client: QueryClient): Promise<unknown> {
  const p = (component as Partial<Preloadable> | undefined)?.prefetch;
  return typeof p === 'function' ? p(client).catch(() => undefined) : Promise.resolve();
}

export function preload(component: unknown): Promise<unknown> {
  const p = (component as Partial<Preloadable> | undefined)?.preload;
  return typeof p === 'function' ? p().catch(() => undefined) : Promise.resolve();
}
