/** Envelope types of every API response. */
export type ApiErrorItem = {
  message: string;
  propertyName?: string;
  listIndex?: number;
  /** 'One-Time Password required' (after a correct password): the second factors the account has. */
  secondFactors?: ('totp' | 'passkey')[];
};

export type ApiSuccess<T> = { type: string; status: 'success'; data: T; moreAfter?: string | null };
export type ApiFailure = { type: 'Error'; status: 'error'; data: ApiErrorItem[] };

export type DiscoveryEntry = { rel: string; href: string; methods: string[] };
