/**
 * The client reports session loss and outages here; the app decides what to do (clear the
 * session, navigate). Kept separate so the client does not depend on the router.
 */
export type FailureHandlers = {
  onUnauthorized: () => void;
  onUnavailable: () => void;
};

let handlers: FailureHandlers = { onUnauthorized: () => undefined, onUnavailable: () => undefined };

export function setFailureHandlers(next: FailureHandlers): void {
  handlers = next;
}

export function getFailureHandlers(): FailureHandlers {
  return handlers;
}
