import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { FullPageProgress } from '../components/FullPageProgress.tsx';

/**
 * A component whose code is fetched the first time it renders, in a chunk of its own (with the
 * libraries only it uses, such as the date pickers). The registry names pages through this, so
 * the menu and the routes are known at start while a page's code loads only when it is opened.
 * It brings its own Suspense boundary: while loading, `fallback` shows in its place.
 */
export function lazyPart<Module extends Record<Name, ComponentType<never>>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode,
): Module[Name] {
  const Loaded = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  function LazyPart(props: object) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `Lazy(${String(name)})`;
  return LazyPart as unknown as Module[Name];
}

/** A page of the registry, loaded when opened; a progress indicator fills its place meanwhile. */
export function lazyPage<Module extends Record<Name, ComponentType<never>>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] {
  return lazyPart(load, name, <FullPageProgress />);
}
