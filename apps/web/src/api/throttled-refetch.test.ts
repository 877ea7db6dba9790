import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { throttledRefetch } from './throttled-refetch.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A list on screen (an observed query) whose reads take `readMs` and are counted. */
async function listOnScreen(readMs: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = ['AgentList'];
  let reads = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: async () => {
      reads += 1;
      const read = reads;
      await new Promise((resolve) => setTimeout(resolve, readMs));
      return read;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(readMs);
  return { queryClient, key, reads: () => reads, data: () => queryClient.getQueryData(key), unsubscribe };
}

describe('throttledRefetch', () => {
  it('reads at once for the first event and once more at the end of the interval for a burst', async () => {
    const list = await listOnScreen(10);
    const throttle = throttledRefetch(list.queryClient, list.key, 2000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(20);
    expect(list.reads()).toBe(2);
    for (let i = 0; i < 500; i += 1) {
      throttle.request();
      await vi.advanceTimersByTimeAsync(3);
    }
    // 1.5 s of events: the interval has not ended yet, so nothing more was read.
    expect(list.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(list.reads()).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect([list.reads(), list.data()]).toEqual([3, 3]);
    throttle.stop();
    list.unsubscribe();
  });

  it('lets a slow read finish instead of restarting it, then reads once more', async () => {
    const list = await listOnScreen(5000);
    const throttle = throttledRefetch(list.queryClient, list.key, 2000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(1);
    expect(list.reads()).toBe(2);
    // Events during the read: the read in flight is neither cancelled nor restarted.
    for (let i = 0; i < 10; i += 1) {
      throttle.request();
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(list.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(list.data()).toBe(2);
    // The read that was under way may predate those events: one more follows, and no other.
    await vi.advanceTimersByTimeAsync(20_000);
    expect([list.reads(), list.data()]).toEqual([3, 3]);
    throttle.stop();
    list.unsubscribe();
  });

  it('reads nothing after it is stopped', async () => {
    const list = await listOnScreen(10);
    const throttle = throttledRefetch(list.queryClient, list.key, 2000);
    throttle.stop();
    throttle.request();
    await vi.advanceTimersByTimeAsync(5000);
    expect(list.reads()).toBe(1);
    list.unsubscribe();
  });
});
