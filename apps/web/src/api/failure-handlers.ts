/**
 * The client reports session loss, gateway timeouts and outages here; the app decides what
 * to do (clear the session, tell the user, navigate). Kept separate so the client does not
 * depend on the router or on React.
 */
export type FailureHandlers = {
  onUnauthorized: () => void;
  /** HTTP 504: the gateway gave up waiting; the page stays, the user is told. */
  onGatewayTimeout: () => void;
  /** Status 0 (no answer at all) or another 5xx. */
  onUnavailable: (status: number) => void;
  /**
   * A 403 TWO_FACTOR_REQUIRED or SSO_REQUIRED: the company's sign-in rules keep this session
   * out until the user sets up a second factor or signs in through single sign-on.
   */
  onSignInBlocked: (blockedBy: SignInBlockedBy) => void;
};

export type SignInBlockedBy = 'twoFactor' | 'sso';

let handlers: FailureHandlers = {
  onUnauthorized: () => undefined,
  onGatewayTimeout: () => undefined,
  onUnavailable: () => undefined,
  onSignInBlocked: () => undefined,
};

export function setFailureHandlers(next: FailureHandlers): void {
  handlers = next;
}

export function getFailureHandlers(): FailureHandlers {
  return handlers;
}
