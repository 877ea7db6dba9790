/**
 * The help centre's protocol with the web app (documented in the README): the app sends the
 * user's context to the help centre's exact origin, the help site says when it is ready.
 */

/** The spec's limit (portal §8): not ready after this long, the panel says it could not load. */
export const helpReadyTimeoutMs = 3000;

/** The panel's element id, for the help button's aria-controls. */
export const helpCentrePanelId = 'help-centre-panel';

export const helpContextType = 'fleetgate.help.context';
export const helpReadyType = 'fleetgate.help.ready';

/** What the help centre learns: rights, language and route, never tokens or personal data. */
export type HelpContextMessage = {
  type: typeof helpContextType;
  version: 1;
  permissions: string[];
  language: string;
  path: string;
};

export function helpContextMessage(input: {
  permissions: readonly string[];
  language: string;
  path: string;
}): HelpContextMessage {
  return {
    type: helpContextType,
    version: 1,
    permissions: [...new Set(input.permissions)].sort(),
    language: input.language,
    // The route only: a query or fragment may hold search text or one-time secrets.
    path: input.path.split(/[?#]/, 1)[0] || '/',
  };
}

/** The origin messages go to and come from; null when the address is no http(s) URL. */
export function helpCentreOrigin(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  return parsed.origin;
}

/** A ready message counts only from the help centre's origin and from our own frame's window. */
export function isHelpReadyMessage(
  event: { origin: string; source: unknown; data: unknown },
  origin: string,
  frameWindow: unknown,
): boolean {
  if (event.origin !== origin || frameWindow === null || frameWindow === undefined) return false;
  if (event.source !== frameWindow) return false;
  const data = event.data as { type?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === helpReadyType;
}

export type HelpFrameStatus = 'loading' | 'ready' | 'failed';
/** `attempt` names the frame: Retry makes a new one, and late timeouts of old ones are ignored. */
export type HelpFrameState = { attempt: number; status: HelpFrameStatus };
export type HelpFrameEvent = { type: 'ready' } | { type: 'timeout'; attempt: number } | { type: 'retry' };

export const initialHelpFrameState: HelpFrameState = { attempt: 0, status: 'loading' };

export function helpFrameReducer(state: HelpFrameState, event: HelpFrameEvent): HelpFrameState {
  switch (event.type) {
    case 'ready':
      // A help centre that answers late still clears the failure.
      return state.status === 'ready' ? state : { ...state, status: 'ready' };
    case 'timeout':
      return state.status === 'loading' && event.attempt === state.attempt
        ? { ...state, status: 'failed' }
        : state;
    case 'retry':
      return { attempt: state.attempt + 1, status: 'loading' };
  }
}
