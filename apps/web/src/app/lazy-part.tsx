import { lazy, Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { FullPageProgress } from '../components/FullPageProgress.tsx';
import { PartLoadFailed, RetryPartContext } from './PartLoadFailed.tsx';

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
  // React keeps a lazy component's result for good, so a failed fetch is turned into the
  // PartLoadFailed notice and a retry makes a new lazy component.
  const makeLoaded = () =>
    lazy(async () => {
      try {
        return { default: (await load())[name] as ComponentType<object> };
      } catch {
        return { default: PartLoadFailed as ComponentType<object> };
      }
    });
  let Loaded = makeLoaded();
  function LazyPart(props: object) {
    const [, setAttempt] = useState(0);
    const retry = useCallback(() => {
      Loaded = makeLoaded();
      setAttempt((attempt) => attempt + 1);
    }, []);
    return (
      <Suspense fallback={fallback}>
        <RetryPartContext value={retry}>
          <Loaded {...props} />
        </RetryPartContext>
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
