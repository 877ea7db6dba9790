import {
  deviceErrors,
  type AgentVpnAccess,
  type ApiFailure,
  type DiscoveryEntry,
  type TunnelTicket,
} from '@fleetgate/contracts';

/** A failed portal call: the HTTP status (0 when unreachable) and the error messages it sent. */
export class PortalError extends Error {
  readonly status: number;
  readonly messages: string[];
  constructor(status: number, messages: string[], detail?: string) {
    super(detail ?? `portal answered ${status}${messages.length ? ` (${messages.join(', ')})` : ''}`);
    this.status = status;
    this.messages = messages;
  }
}

export type PortalUser = { publicId: string; name: string };
export type AgentDetails = {
  publicId: string;
  name: string;
  activeVpnSession: { vpnAddress: string } | null;
  servers: { publicId: string; name: string; host: string; port: number }[];
  /**
   * The user's own access: VPN state and the services reachable without VPN now. Absent from
   * portals before web access; the connector then asks for VPN as it always did.
   */
  myAccess?: { vpn: AgentVpnAccess; webServers?: { publicId: string }[] } | null;
};

/** What a ticket is asked for: the whole agent (VPN), or some services without VPN. */
export type TicketScope = { vpn: true } | { vpn: false; servers: { publicId: string }[] };

export type Credentials = { token: string; companyId?: string | undefined };
/** Company routes (the agent, its tickets) name their company: the portal has no default one. */
export type CompanyCredentials = { token: string; companyId: string };

const requestTimeoutMs = 15_000;

/**
 * The portal's API as the connector uses it. Every path comes from discovery (`GET /api`), so
 * the connector follows the server wherever its rels live.
 */
export class PortalClient {
  readonly portal: string;
  #discovery: Promise<Map<string, string>> | undefined;

  constructor(portal: string) {
    this.portal = portal;
  }

  /** `GET MyUser`: proves the token (and, with a company, the membership). */
  async myUser(credentials: Credentials, signal?: AbortSignal): Promise<PortalUser> {
    return this.#call<PortalUser>('MyUser', 'GET', credentials, { signal });
  }

  async agent(credentials: CompanyCredentials, agentId: string, signal?: AbortSignal): Promise<AgentDetails> {
    return this.#call<AgentDetails>('Agent', 'GET', credentials, {
      signal,
      publicId: agentId,
      query: { fields: 'publicId,name,activeVpnSession,servers,myAccess(vpn,webServers)' },
    });
  }

  /** A ticket for a VPN session (the whole agent, every service) or for some services without VPN. */
  async ticket(
    credentials: CompanyCredentials,
    agentId: string,
    scope: TicketScope,
    signal?: AbortSignal,
  ): Promise<TunnelTicket> {
    return this.#call<TunnelTicket>('AgentTunnelTicketList', 'POST', credentials, {
      signal,
      publicId: agentId,
      body: scope,
    });
  }

  async #href(rel: string, signal?: AbortSignal): Promise<string> {
    this.#discovery ??= this.#discover(signal);
    let entries: Map<string, string>;
    try {
      entries = await this.#discovery;
    } catch (error) {
      this.#discovery = undefined;
      throw error;
    }
    const href = entries.get(rel);
    if (!href) {
      this.#discovery = undefined;
      throw new PortalError(0, [], `the portal at ${this.portal} offers no ${rel}`);
    }
    return href;
  }

  async #discover(signal?: AbortSignal): Promise<Map<string, string>> {
    const body = await this.#fetchJson<DiscoveryEntry[]>(`${this.portal}/api`, { method: 'GET', signal });
    return new Map(body.map((entry) => [entry.rel, entry.href]));
  }

  async #call<T>(
    rel: string,
    method: 'GET' | 'POST',
    credentials: Credentials,
    options: {
      signal?: AbortSignal | undefined;
      publicId?: string;
      query?: Record<string, string>;
      body?: unknown;
    },
  ): Promise<T> {
    let href = await this.#href(rel, options.signal);
    if (options.publicId !== undefined)
      href = href.replace('{publicId}', encodeURIComponent(options.publicId));
    const url = new URL(href);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { Authorization: `Bearer ${credentials.token}` };
    if (credentials.companyId) headers['Api-Company'] = credentials.companyId;
    return this.#fetchJson<T>(url.href, { method, headers, body: options.body, signal: options.signal });
  }

  async #fetchJson<T>(
    url: string,
    init: {
      method: string;
      headers?: Record<string, string>;
      body?: unknown;
      signal?: AbortSignal | undefined;
    },
  ): Promise<T> {
    const timeout = AbortSignal.timeout(requestTimeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      'Api-Version': '2',
      Accept: 'application/json',
      ...init.headers,
    };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new PortalError(0, [], `cannot reach the portal at ${this.portal}: ${describe(error)}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new PortalError(
        response.status,
        [],
        `the portal at ${this.portal} answered ${response.status}, not JSON`,
      );
    }
    if (!response.ok) {
      const failure = parsed as Partial<ApiFailure> | undefined;
      const messages = Array.isArray(failure?.data) ? failure.data.map((item) => String(item.message)) : [];
      throw new PortalError(response.status, messages);
    }
    return (parsed as { data: T }).data;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** True when the portal said the agent is offline (a ticket refused with 409). */
export const isAgentOffline = (error: PortalError) =>
  error.status === 409 && error.messages.includes(deviceErrors.agentOffline);
