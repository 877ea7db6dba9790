import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error.ts';
import { describeError } from '../api/error-text.ts';

/**
 * One sentence for a failed passkey ceremony: the browser's WebAuthn errors (a cancelled
 * prompt, a wrong host, an authenticator that has the passkey already) in the user's words,
 * and the server's answers as every other call's.
 */
export function passkeyErrorText(t: TFunction, error: unknown): string {
  // "Wrong e-mail address or password" would puzzle someone who typed neither.
  if (isApiError(error) && error.status === 401) return t('passkeySignIn.notAccepted');
  if (isApiError(error)) return describeError(t, error);
  if (!(error instanceof Error)) return t('passkeySignIn.failed');
  const code = (error as { code?: unknown }).code;
  const causeName = (error.cause as { name?: unknown } | undefined)?.name;
  if (
    error.name === 'NotAllowedError' ||
    causeName === 'NotAllowedError' ||
    code === 'ERROR_CEREMONY_ABORTED'
  )
    return t('passkeySignIn.cancelled');
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || error.name === 'SecurityError')
    return t('passkeySignIn.wrongAddress');
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeySignIn.alreadyRegistered');
  if (/not supported/i.test(error.message)) return t('passkeySignIn.unsupported');
  return t('passkeySignIn.failed');
}
