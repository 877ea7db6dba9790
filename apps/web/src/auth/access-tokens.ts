import type { AccessToken } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { basicCredentials } from './basic-credentials.ts';
import { deviceIdHeader, trustedDeviceSecret } from './trusted-device.ts';

/** Sessions last 30 days. */
export const sessionSeconds = 2_592_000;

export type Credentials = {
  emailAddress: string;
  password: string;
  oneTimePassword?: string;
  /** After the code step: trust this browser for 30 days. */
  trustDevice?: boolean;
};

export function createAccessToken({
  emailAddress,
  password,
  oneTimePassword = '',
  trustDevice,
}: Credentials) {
  // A browser trusted for this account skips the code step; the server decides whether it still counts.
  const deviceSecret = trustedDeviceSecret(emailAddress);
  return apiData<AccessToken>('AccessTokenList', {
    method: 'POST',
    headers: {
      Authorization: basicCredentials(emailAddress, oneTimePassword, password),
      ...(deviceSecret ? { [deviceIdHeader]: deviceSecret } : {}),
    },
    body: { expiresIn: sessionSeconds, ...(trustDevice ? { trustDevice: true } : {}) },
    companyScoped: false,
    redirectOnUnauthorized: false,
  });
}

export function revokeAccessToken(publicId: string) {
  return apiData<unknown>('AccessTokenList', {
    method: 'DELETE',
    body: [{ publicId }],
    companyScoped: false,
    redirectOnUnauthorized: false,
    redirectOnUnavailable: false,
  });
}
