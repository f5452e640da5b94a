/**
 * Components whose code is a chunk of its own, loaded on demand — the one way the app splits code (pages, the
 * signed-in frame, charts).
 *
 * Why not React.lazy under Suspense alone: when a suspended boundary's content arrives, React holds the reveal
 * back until 300 ms after its fallback appeared (its Suspense throttle), and React.lazy suspends for a tick even
 * when the code is already here. A page whose chunk arrived 20 ms after the session appeared 300 ms late. This
 * component never suspends: code already loaded renders at once, and code still loading shows `fallback` and
 * renders by a plain state update when it arrives (no throttle). A chunk that fails to load is thrown to the
 * nearest error boundary, and the next mount tries again.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type Preloadable<P extends object> = ComponentType<P & { fallback?: ReactNode }> & {
  /** Starts loading the code (idempotent); resolves once it is here. */
  preload: () => Promise<unknown>;
};

/** `fallback`: what shows while the code loads when the element gives none. */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, defaults: { fallback?: ReactNode } = {}): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // the next mount tries again
        throw error;
      },
    ));

  function PreloadableComponent({ fallback = defaults.fallback ?? null, ...props }: P & { fallback?: ReactNode }) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Component) return undefined;
      let live = true;
      preload().then(
        (component) => live && setComponent(() => component),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [Component]);
    if (failure) throw failure.error;
    if (!Component) return <>{fallback}</>;
    return <Component {...(props as P)} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
