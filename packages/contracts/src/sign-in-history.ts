/**
 * `GET TrustedDeviceList`: a browser the signed-in user trusted to skip the code step. The
 * browser's secret never comes back; `current` marks the entry whose secret the request sent
 * in the `Api-Device-Id` header.
 */
export type TrustedDevice = {
  publicId: string;
  /** Api-Application of the browser that was trusted, else its user agent. */
  client: string | null;
  /** The address it was trusted or last used from. */
  address: string | null;
  createdOn: string;
  expiresOn: string;
  lastUsedOn: string | null;
  current: boolean;
};

/** The request header that carries this browser's trusted-device secret. */
export const trustedDeviceHeader = 'Api-Device-Id';

/** Details the sign-in history records for trusted-device changes. */
export const trustedDeviceChangeDetails = ['added', 'removed', 'removedAll'] as const;
