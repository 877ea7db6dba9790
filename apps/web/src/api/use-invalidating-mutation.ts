import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation of a list's items that reloads the list once the server has answered, whether the
 * change went through or not, so the page never keeps showing a state the server does not have.
 */
export function useInvalidatingMutation<I, O>(listKey: QueryKey, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
