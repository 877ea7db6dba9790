import type { AccessToken } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { basicCredentials } from './basic-credentials.ts';

/** Sessions last 30 days. */
export const sessionSeconds = 2_592_000;

export type Credentials = { emailAddress: string; password: string; oneTimePassword?: string };

export function createAccessToken({ emailAddress, password, oneTimePassword = '' }: Credentials) {
  return apiData<AccessToken>('AccessTokenList', {
    method: 'POST',
    headers: { Authorization: basicCredentials(emailAddress, oneTimePassword, password) },
    body: { expiresIn: sessionSeconds },
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
