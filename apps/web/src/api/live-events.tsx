import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { createParser } from 'eventsource-parser';
import type { LiveEvent } from '@fleetgate/contracts';
import { openApiStream } from './client.ts';

type Listener = (event: LiveEvent) => void;
type LiveEvents = { subscribe: (listener: Listener) => () => void };

const LiveEventsContext = createContext<LiveEvents | null>(null);

const retryDelaysMs = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Keeps one `/api/events` stream open for the signed-in user in the current company and hands
 * every event to the subscribed hooks. The stream is read with fetch (EventSource cannot send
 * the bearer token); it reconnects with backoff after a drop or a server restart.
 */
export function LiveEventsProvider({ companyId, children }: { companyId: string; children: ReactNode }) {
  const [listeners] = useState(() => new Set<Listener>());
  const [value] = useState<LiveEvents>(() => ({
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }));

  useEffect(() => {
    const controller = new AbortController();
    let attempt = 0;
    const parser = createParser({
      onEvent: ({ event, data }) => {
        if (!event) return;
        const live = { type: event, data: JSON.parse(data) as unknown } as LiveEvent;
        for (const listener of listeners) listener(live);
      },
    });
    async function readStream() {
      const response = await openApiStream('Events', companyId, controller.signal);
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      attempt = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) return;
        parser.feed(chunk);
      }
    }
    async function run() {
      while (!controller.signal.aborted) {
        try {
          await readStream();
        } catch {
          // Dropped, refused or aborted: try again after a pause unless the provider is gone.
        }
        parser.reset();
        if (controller.signal.aborted) return;
        const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)]!;
        attempt += 1;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    void run();
    return () => controller.abort();
  }, [companyId, listeners]);

  return <LiveEventsContext.Provider value={value}>{children}</LiveEventsContext.Provider>;
}

/** Calls `handler` for every live event of the given type while the component is mounted. */
type EventData<T extends LiveEvent['type']> = Extract<LiveEvent, { type: T }>['data'];

export function useLiveEvent<T extends LiveEvent['type']>(type: T, handler: (data: EventData<T>) => void) {
  const events = useContext(LiveEventsContext);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!events) return;
    return events.subscribe((event) => {
      if (event.type === type) handlerRef.current(event.data as EventData<T>);
    });
  }, [events, type]);
}
