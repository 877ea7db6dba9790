import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation code loads at the first validation (the first
 * submit) instead of with the page. For the login form: zod is a fifth of the JavaScript the
 * login page would otherwise need before it can show two fields. `preload` starts the load
 * early, when the user begins typing, so the submit rarely waits for it.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const loaded = () => (loading ??= load());
  const resolver: Resolver<T> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return {
    resolver,
    preload: () => {
      // A failed preload is retried by the submit, which reports its error.
      loaded().catch(() => (loading = undefined));
    },
  };
}
