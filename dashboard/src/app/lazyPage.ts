import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page component, whatever its props
export type LazyPage<T extends ComponentType<any> = ComponentType<any>> = LazyExoticComponent<T> & {
  /** Start loading the page's code now; resolves once it is here. */
  preload(): Promise<Module<T>>;
};

/**
 * React.lazy with preload(). A lazy page that suspends when it first renders is revealed no sooner
 * than 300 ms after its fallback appeared (React throttles Suspense reveals), so a signed-in /app
 * page waited that long after its code and the session were both ready. A page whose code was
 * preloaded (main.tsx, for the address being opened) renders at once: React.lazy is handed a
 * thenable that calls back immediately, which it reads without suspending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page component, whatever its props
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<Module<T>>): LazyPage<T> {
  let loaded: Module<T> | undefined;
  let pending: Promise<Module<T>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        pending = undefined; // a failed chunk load may be retried
        throw err;
      },
    ));
  const page = lazy(() => {
    const here = loaded;
    return here ? ({ then: (resolve: (module: Module<T>) => void) => resolve(here) } as Promise<Module<T>>) : preload();
  });
  return Object.assign(page, { preload });
}
