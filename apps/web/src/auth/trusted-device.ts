import { createStoredValue } from '../app/stored-value.ts';

/**
 * The secrets of "trust this browser for 30 days", one per account signed in here (keyed by the
 * lower-cased e-mail address). Sent as `Api-Device-Id` on that account's password sign-in (so the
 * code step is skipped) and on `GET TrustedDeviceList` (so the list marks this browser). The
 * server keeps only their hashes and decides whether one still counts.
 */
const trustedDevices = createStoredValue<Record<string, string>>('fleetgate.trustedDevices', {}, (raw) =>
  raw && typeof raw === 'object' && !Array.isArray(raw)
    ? Object.fromEntries(
        Object.entries(raw as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {},
);

const key = (emailAddress: string) => emailAddress.trim().toLowerCase();

export const deviceIdHeader = 'Api-Device-Id';

export function trustedDeviceSecret(emailAddress: string): string | undefined {
  return trustedDevices.get()[key(emailAddress)];
}

export function storeTrustedDevice(emailAddress: string, secret: string): void {
  trustedDevices.set({ ...trustedDevices.get(), [key(emailAddress)]: secret });
}

export function forgetTrustedDevice(emailAddress: string): void {
  const { [key(emailAddress)]: _forgotten, ...rest } = trustedDevices.get();
  trustedDevices.set(rest);
}
