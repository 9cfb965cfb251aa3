import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazy page or layout that can also be fetched ahead of its first render. */
export type Preloadable = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` with a `preload()`: main.tsx starts fetching the layout and the page of the URL being opened at
 * once, in parallel with the session check, instead of one after the other (issue 10: fewer round trips before
 * the first useful paint on a phone).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): Preloadable {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const get = () => {
    pending ??= load();
    return pending;
  };
  const component = lazy(get) as Preloadable;
  component.preload = get;
  return component;
}

export function preload(component: unknown): void {
  const p = (component as Partial<Preloadable> | undefined)?.preload;
  if (typeof p === 'function') void p().catch(() => undefined);
}
