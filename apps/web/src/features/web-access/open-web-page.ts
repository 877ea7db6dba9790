import type { TFunction } from 'i18next';
import { deviceErrors, type WebAccessSession } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';

/** The device errors web access can answer with; each has a text under `webAccess.errors`. */
export const webAccessErrorKeys = [
  'agentOffline',
  'accessRequestRequired',
  'connectNotAllowed',
  'serviceNotOnAgent',
  'serviceNotWeb',
  'remoteControlNotAllowed',
  'webAccessSessionLimit',
  'rateLimited',
] as const satisfies readonly (keyof typeof deviceErrors)[];
export type WebAccessErrorKey = (typeof webAccessErrorKeys)[number];

/** The key of a web access error's own text, when it is one of the device errors. */
export function webAccessErrorKey(error: unknown): WebAccessErrorKey | null {
  if (!(error instanceof ApiError)) return null;
  return webAccessErrorKeys.find((key) => error.hasMessage(deviceErrors[key])) ?? null;
}

/** One sentence for a failed web access call: the device errors in words, the rest as any call. */
export function webAccessErrorText(t: TFunction, error: unknown): string {
  const key = webAccessErrorKey(error);
  return key ? t(`webAccess.errors.${key}`) : describeError(t, error);
}

export type OpenWebPageDeps = {
  /** `window.open('', '_blank')`, called before anything is awaited. */
  openTab: () => Window | null;
  create: () => Promise<WebAccessSession>;
  onError: (error: unknown) => void;
  /** When the browser blocked the blank tab: offers the session's URL another way. */
  onBlocked: (url: string) => void;
};

/**
 * Opens a device's web page in a new tab with one click. The tab is opened in the click itself
 * (a popup blocker lets through only windows opened while handling the user's gesture), blank,
 * and sent to the session's first URL once the server has made the session; it is closed again
 * when that fails. `opener` is cut so the device's page cannot reach the portal's window.
 */
export async function openWebPage(deps: OpenWebPageDeps): Promise<boolean> {
  const tab = deps.openTab();
  let session: WebAccessSession;
  try {
    session = await deps.create();
  } catch (error) {
    tab?.close();
    deps.onError(error);
    return false;
  }
  if (!tab || tab.closed) {
    deps.onBlocked(session.url);
    return false;
  }
  tab.opener = null;
  tab.location.href = session.url;
  return true;
}
