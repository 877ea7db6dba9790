import {
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/** One cache entry to change at once: its key and how the mutation's input changes its data. */
export type OptimisticChange<I> = {
  queryKey: QueryKey;
  /** The data as it will be once the server agrees; `data` is never undefined here. */
  update: (data: never, input: I) => unknown;
};

type Snapshot = { queryKey: QueryKey; data: unknown }[];

/**
 * Mutation options that show the change in the cache before the server answers (portal spec
 * §7 "Optimistic updates"), put back what was there when the server refuses, and reload the
 * changed lists once it has answered either way, so the page ends with the server's state.
 * Plain options (not a hook), so tests can run them with a QueryClient alone.
 */
export function optimisticMutationOptions<I, O>(
  queryClient: QueryClient,
  mutationFn: (input: I) => Promise<O>,
  changes: OptimisticChange<I>[],
): MutationOptions<O, Error, I, Snapshot> {
  return {
    mutationFn,
    onMutate: async (input) => {
      const snapshot: Snapshot = [];
      for (const { queryKey, update } of changes) {
        // A reload already under way would overwrite the change with the old state.
        await queryClient.cancelQueries({ queryKey, exact: true });
        const data = queryClient.getQueryData(queryKey);
        snapshot.push({ queryKey, data });
        if (data !== undefined) queryClient.setQueryData(queryKey, update(data as never, input));
      }
      return snapshot;
    },
    onError: (_error, _input, snapshot) => {
      for (const { queryKey, data } of snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    // Lists keyed below these (a filtered variant) are reloaded too.
    onSettled: () => Promise.all(changes.map(({ queryKey }) => queryClient.invalidateQueries({ queryKey }))),
  };
}

/** A typed change: `update` receives the cached data as `T`. */
export function change<T, I>(queryKey: QueryKey, update: (data: T, input: I) => T): OptimisticChange<I> {
  return { queryKey, update };
}

/** The hook form of optimisticMutationOptions. */
export function useOptimisticMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  changes: OptimisticChange<I>[],
) {
  const queryClient = useQueryClient();
  return useMutation(optimisticMutationOptions(queryClient, mutationFn, changes));
}
