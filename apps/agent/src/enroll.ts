import type { AgentEnrolment, ApiFailure, ApiSuccess, DiscoveryEntry } from '@fleetgate/contracts';
import type { LanService } from './services.ts';

const apiVersion = '2';

/**
 * Enrols with the one-time token from the console: finds the enrolment call through the API's
 * discovery document and exchanges the token (and the services) for the agent's credential.
 */
export async function enroll(server: string, token: string, services: LanService[]): Promise<AgentEnrolment> {
  const base = server.replace(/\/+$/, '');
  const discovery = await request<DiscoveryEntry[]>(`${base}/api`, { method: 'GET' });
  const entry = discovery.find((e) => e.rel === 'AgentEnrolment');
  if (!entry) throw new Error(`${base} does not offer agent enrolment (no AgentEnrolment in /api)`);
  return request<AgentEnrolment>(entry.href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, services }),
  });
}

async function request<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { ...init.headers, 'Api-Version': apiVersion } });
  } catch (error) {
    throw new Error(`Cannot reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: ApiSuccess<T> | ApiFailure | undefined;
  try {
    body = JSON.parse(text) as ApiSuccess<T> | ApiFailure;
  } catch {
    body = undefined;
  }
  if (!response.ok || body?.status !== 'success') {
    const messages =
      body?.status === 'error'
        ? body.data.map((e) => (e.propertyName ? `${e.propertyName}: ${e.message}` : e.message)).join('; ')
        : text.slice(0, 200);
    throw new Error(`${init.method} ${url} failed (${response.status}): ${messages}`);
  }
  return body.data;
}
