/**
 * Tells this process's delivery workers that a delivery was stored, so it is sent at once rather
 * than at the next poll. A process-wide signal, because enqueueing (domain events, backend
 * components) has only the database at hand; other processes find it by polling.
 */
const listeners = new Set<() => void>();

export function onWebhookEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceWebhookEnqueued() {
  for (const listener of listeners) listener();
}
