import { type ComponentType, createElement, lazy, useState } from "react";

type Loader<M> = () => Promise<M>;

const loaded = new Map<Loader<unknown>, unknown>();
const loading = new Map<Loader<unknown>, Promise<unknown>>();

/**
 * Starts loading a lazy screen's code once, however often it is asked; a failure may be tried
 * again. The entry preloads the page being opened with it (app/router.tsx `preloadPage`).
 */
export function preloadModule<M>(load: Loader<M>): Promise<M> {
  let pending = loading.get(load) as Promise<M> | undefined;
  if (!pending) {
    pending = load().then(
      (module) => {
        loaded.set(load, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(load);
        throw error;
      },
    );
    loading.set(load, pending);
  }
  return pending;
}

/**
 * `lazy` for a component that a module exports by name: a routed screen whose code may be
 * loaded ahead (`preloadModule`), or a dialog that loads when first wanted. The one way to load
 * a component lazily. Once its code is there it renders at once: `lazy` alone suspends on its first render even then, and a page
 * behind three lazy levels (routes, layout, screen) would show the loading fallback three more
 * times before its first paint. An instance keeps the component it started with.
 */
export function lazyComponent<M, P extends object>(
  load: Loader<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => preloadModule(load).then((module) => ({ default: pick(module) })));
  return function LazyScreen(props: P) {
    const [Screen] = useState<ComponentType<P>>(() =>
      loaded.has(load) ? pick(loaded.get(load) as M) : (Lazy as ComponentType<P>),
    );
    return createElement(Screen, props);
  };
}
