import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy page or layout that can also be fetched ahead of its first render. */
export type Preloadable<P = object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

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
export function lazyPage<P = object>(load: () => Promise<Loaded<P>>): Preloadable<P> {
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
  return component;
}

export function preload(component: unknown): Promise<unknown> {
  const p = (component as Partial<Preloadable> | undefined)?.preload;
  return typeof p === 'function' ? p().catch(() => undefined) : Promise.resolve();
}
