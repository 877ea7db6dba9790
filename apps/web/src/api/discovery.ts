import { apiVersion, type DiscoveryEntry } from '@fleetgate/contracts';
import { ApiError } from './api-error.ts';
import { readEnvelope } from './envelope.ts';

export const discoveryPath = '/api';

let discovery: Promise<Map<string, DiscoveryEntry>> | undefined;

async function fetchDiscovery(): Promise<Map<string, DiscoveryEntry>> {
  let response: Response;
  try {
    response = await fetch(discoveryPath, {
      headers: { 'Api-Version': apiVersion, Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, []);
  }
  const envelope = await readEnvelope<DiscoveryEntry[]>(response);
  return new Map(envelope.data.map((entry) => [entry.rel, entry]));
}

/** Discovery is fetched once per page load; a failed attempt is forgotten so the next call retries. */
export function getDiscovery(): Promise<Map<string, DiscoveryEntry>> {
  discovery ??= fetchDiscovery().catch((error: unknown) => {
    discovery = undefined;
    throw error;
  });
  return discovery;
}

export function resetDiscovery(): void {
  discovery = undefined;
}

export async function findEntry(rel: string): Promise<DiscoveryEntry> {
  const entry = (await getDiscovery()).get(rel);
  if (!entry) {
    throw new Error(`The API does not offer ${rel}`);
  }
  return entry;
}
