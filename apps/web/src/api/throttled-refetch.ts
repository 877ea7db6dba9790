import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How often at most a list that live events keep changing is read again. */
export const liveRefetchIntervalMs = 2000;

export type ThrottledRefetch = { request: () => void; stop: () => void };

/**
 * Reads a query again after a live event, but at most once per `intervalMs` however many events
 * ask: when a process restarts, thousands of devices come back online within seconds, and every
 * open browser would otherwise read the whole device list once per device. The first request is
 * served at once, the ones that follow within the interval by one read at its end. A read under
 * way is not restarted (restarting it for each event is what this prevents); it may have begun
 * before the event, so one more read follows it.
 */
export function throttledRefetch(
  queryClient: QueryClient,
  queryKey: QueryKey,
  intervalMs = liveRefetchIntervalMs,
): ThrottledRefetch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRead = -Infinity;
  let stopped = false;
  const read = async () => {
    timer = undefined;
    lastRead = Date.now();
    const underWay = queryClient.isFetching({ queryKey }) > 0;
    await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    if (underWay) request();
  };
  const request = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => void read(), Math.max(0, lastRead + intervalMs - Date.now()));
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  return { request, stop };
}

/** `throttledRefetch` for a component's lifetime; `queryKey` must not change between renders. */
export function useThrottledRefetch(queryKey: QueryKey, intervalMs = liveRefetchIntervalMs): () => void {
  const queryClient = useQueryClient();
  const throttle = useRef<ThrottledRefetch | undefined>(undefined);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const created = throttledRefetch(queryClient, JSON.parse(key) as QueryKey, intervalMs);
    throttle.current = created;
    return () => created.stop();
  }, [queryClient, key, intervalMs]);
  return useCallback(() => throttle.current?.request(), []);
}
