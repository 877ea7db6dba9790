import { describe, expect, it } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { change, optimisticMutationOptions } from './optimistic-mutation.ts';

type Item = { publicId: string; name: string };

/** A server answer the test lets through (or refuses) when it wants. */
function pendingAnswer() {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const answer = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { answer, ...settle };
}

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = ['ItemList'];
  const before: Item[] = [
    { publicId: 'a', name: 'Press' },
    { publicId: 'b', name: 'Filler' },
  ];
  queryClient.setQueryData(key, before);
  const server = pendingAnswer();
  const rename = new MutationObserver(
    queryClient,
    optimisticMutationOptions(queryClient, (_input: Item) => server.answer, [
      change<Item[], Item>(key, (items, input) =>
        items.map((item) => (item.publicId === input.publicId ? { ...item, ...input } : item)),
      ),
    ]),
  );
  return { queryClient, key, before, server, rename };
}

describe('optimisticMutationOptions', () => {
  it('shows the change before the server answers', async () => {
    const { queryClient, key, server, rename } = setUp();
    const done = rename.mutate({ publicId: 'b', name: 'Filler 2' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(key)).toEqual([
      { publicId: 'a', name: 'Press' },
      { publicId: 'b', name: 'Filler 2' },
    ]);
    server.resolve();
    await done;
  });

  it('puts the cached data back when the server refuses', async () => {
    const { queryClient, key, before, server, rename } = setUp();
    const done = rename.mutate({ publicId: 'a', name: 'Taken' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((queryClient.getQueryData<Item[]>(key) ?? [])[0]?.name).toBe('Taken');
    server.reject(new Error('NAME_ALREADY_IN_USE'));
    await expect(done).rejects.toThrow('NAME_ALREADY_IN_USE');
    expect(queryClient.getQueryData(key)).toEqual(before);
  });

  it('reloads the list once the server has answered', async () => {
    const { queryClient, key, server, rename } = setUp();
    const done = rename.mutate({ publicId: 'a', name: 'Press 2' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    server.resolve();
    await done;
    // Marked stale: any page showing the list reloads it (the server's word is final).
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('leaves a list that was never loaded alone', async () => {
    const queryClient = new QueryClient();
    const observer = new MutationObserver(
      queryClient,
      optimisticMutationOptions(queryClient, () => Promise.resolve('ok'), [
        change<Item[], string>(['Missing'], (items) => [...items, { publicId: 'x', name: 'x' }]),
      ]),
    );
    await observer.mutate('x');
    expect(queryClient.getQueryData(['Missing'])).toBeUndefined();
  });
});
