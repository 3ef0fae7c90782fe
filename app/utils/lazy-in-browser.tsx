import { createElement, lazy, Suspense, type ComponentType } from "react";

/**
 * A component the page shows only sometimes (a dialog, the tour), whose code the browser loads only when it is
 * shown. The server renders it in full at once, from `onServer` (a static import through a *.server module, empty
 * in the browser build), so the page works without JavaScript; while the browser fetches the code, hydration keeps
 * the server's markup inside the Suspense boundary.
 */
export function lazyInBrowser<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  onServer: ComponentType<P> | undefined,
): ComponentType<P> {
  const InBrowser = lazy(load) as unknown as ComponentType<P>;
  return function LazyInBrowser(props: P) {
    const component = typeof document === "undefined" && onServer ? onServer : InBrowser;
    return <Suspense fallback={null}>{createElement(component, props)}</Suspense>;
  };
}
