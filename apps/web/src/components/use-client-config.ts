import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@fleetgate/contracts';
import { apiData } from '../api/client.ts';
import { createStoredValue } from '../app/stored-value.ts';

function parseClientConfig(raw: unknown): ClientConfig | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { helpCentreUrl, cloudDomain, statusPageUrl, version, sentryDsn } = raw as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  if (typeof version !== 'string') return null;
  return {
    helpCentreUrl: text(helpCentreUrl),
    cloudDomain: text(cloudDomain),
    statusPageUrl: text(statusPageUrl),
    version,
    sentryDsn: text(sentryDsn),
  };
}

// The last answer is kept so the API-unavailable page still knows the status page when the API is down.
const storedClientConfig = createStoredValue('fleetgate.clientConfig', null, parseClientConfig);

async function fetchClientConfig(): Promise<ClientConfig> {
  const config = await apiData<ClientConfig>('ClientConfig', {
    companyScoped: false,
    redirectOnUnauthorized: false,
    redirectOnUnavailable: false,
  });
  storedClientConfig.set(config);
  return config;
}

/** The ClientConfig query, shared by the hook and by the start of error reporting (outside React). */
export const clientConfigQuery = {
  queryKey: ['ClientConfig'],
  queryFn: fetchClientConfig,
  staleTime: 10 * 60_000,
} as const;

/**
 * The installation's settings (help centre, cloud domain, status page). `data` is the last
 * known answer while loading or when the server cannot be reached; `loaded` says whether
 * the server answered during this visit.
 */
export function useClientConfig(): { data: ClientConfig | null; loaded: boolean } {
  const stored = storedClientConfig.useValue();
  const query = useQuery(clientConfigQuery);
  return { data: query.data ?? stored, loaded: query.isSuccess };
}

/** Whether this page is served from the provider's cloud (the status page is about it). */
export function isOnCloudDomain(hostname: string, cloudDomain: string | null): boolean {
  if (!cloudDomain) return false;
  return hostname.toLowerCase().endsWith(cloudDomain.toLowerCase());
}
