import { useSyncExternalStore } from 'react';

export type StoredValue<T> = {
  get: () => T;
  set: (value: T) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
  useValue: () => T;
};

/**
 * A value kept in localStorage as JSON, readable outside React (the API client) and
 * subscribable inside it. `parse` rejects stale or malformed data by returning the fallback.
 */
export function createStoredValue<T>(key: string, fallback: T, parse: (raw: unknown) => T): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue = fallback;

  function read(): T {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      raw = null;
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        cachedValue = raw === null ? fallback : parse(JSON.parse(raw));
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  }

  function notify(): void {
    for (const listener of listeners) listener();
  }

  function write(raw: string | null): void {
    try {
      if (raw === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, raw);
    } catch {
      // Storage can be full or disabled; the value then lasts only for this page.
    }
    notify();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const handleStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', handleStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', handleStorage);
    };
  }

  return {
    get: read,
    set: (value) => write(JSON.stringify(value)),
    clear: () => write(null),
    subscribe,
    useValue: () => useSyncExternalStore(subscribe, read),
  };
}
