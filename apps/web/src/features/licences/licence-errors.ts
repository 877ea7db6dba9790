import { licenceErrors, perAgentApps, type PerAgentApp } from '@fleetgate/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';

type FixedKey = Exclude<keyof typeof licenceErrors, 'trialUsed' | 'alreadyActive' | 'notActive'>;
type AppKeyed = 'trialUsed' | 'alreadyActive' | 'notActive';

/** The server's licence messages, each with the key of its text and the app it names. */
const known = new Map<string, { key: FixedKey | AppKeyed; app?: PerAgentApp }>([
  ...(Object.entries(licenceErrors) as [FixedKey | AppKeyed, unknown][])
    .filter(([, message]) => typeof message === 'string')
    .map(([key, message]) => [message as string, { key }] as const),
  ...perAgentApps.flatMap((app) =>
    (['trialUsed', 'alreadyActive', 'notActive'] as const).map(
      (key) => [licenceErrors[key](app), { key, app }] as const,
    ),
  ),
]);

/** The server's refusal of a licence call in the user's language; other failures as everywhere else. */
export function describeLicenceError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const entry = error.errors[0] && known.get(error.errors[0].message);
    if (entry) {
      const app = entry.app ? t(`licences.apps.${entry.app}`) : '';
      return t(`licences.errors.${entry.key}`, { app });
    }
  }
  return describeError(t, error);
}
