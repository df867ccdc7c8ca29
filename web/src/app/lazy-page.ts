import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPage<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts downloading the page's code (once); the render later reuses the same download. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A page whose code is its own chunk (issue 18 "First load": route-level splitting), loadable ahead of its
 * render so the first load fetches it alongside the user and the translations instead of after them. A page
 * already downloaded renders without suspending; a failed download is forgotten, so the next render retries.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- pages without props
export function lazyPage<P extends object = {}>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (Component) => (loaded = Component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => (loaded ? answeredAtOnce(loaded) : preload().then((Page) => ({ default: Page }))));
  return { Component, preload };
}

/** React.lazy reads a module from a thenable that answers synchronously without showing the fallback. */
function answeredAtOnce<T>(value: T): Promise<{ default: T }> {
  const thenable = { then: (resolve: (module: { default: T }) => void) => resolve({ default: value }) };
  return thenable as unknown as Promise<{ default: T }>;
}
