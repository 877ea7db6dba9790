/** Envelope types of every API response. */
export type ApiErrorItem = { message: string; propertyName?: string; listIndex?: number };

export type ApiSuccess<T> = { type: string; status: 'success'; data: T; moreAfter?: string | null };
export type ApiFailure = { type: 'Error'; status: 'error'; data: ApiErrorItem[] };

export type DiscoveryEntry = { rel: string; href: string; methods: string[] };
