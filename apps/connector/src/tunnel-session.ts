import type net from 'node:net';
import { deviceErrors, parseAccessEndReason, relayCloseCodes } from '@fleetgate/contracts';
import { LocalListener } from './local-listener.ts';
import {
  PortalError,
  isAgentOffline,
  type AgentDetails,
  type CompanyCredentials,
  type PortalClient,
  type TicketScope,
} from './portal-client.ts';
import { openRelayLink, RelayRefused, type RelayClosed, type RelayLink } from './relay-link.ts';
import { resolveSocksTarget, socksServices, type SocksService } from './service-names.ts';
import type { BoundPort, PortBook, PortOwner } from './ports.ts';
import type { ForceProtocol } from './settings.ts';
import { socksHandshake } from './socks5.ts';
import {
  statusCodes,
  statusMessages,
  type AccessEnded,
  type ActiveRequest,
  type LocalService,
  type StatusChange,
  type StatusCode,
  type UserRef,
} from './status.ts';
import { bridge } from './stream-bridge.ts';

export type SessionRequest = ActiveRequest & {
  token: string;
  /** The user the token belongs to: the session's owner. */
  owner: UserRef;
  controllerId: string;
  portal: PortalClient;
  forceProtocol: ForceProtocol;
  /** Where new local ports are looked for (null: the system picks them). */
  basePort: number | null;
  /** The remembered local ports: each service keeps its port from one connect to the next. */
  ports: PortBook;
};

export type SessionHooks = {
  report: (change: StatusChange) => void;
  log: (line: string) => void;
};

type Ending = { code: StatusCode; message?: string; accessEnded?: Omit<AccessEnded, 'agentId'> };

/**
 * One connect, from checking the device to the local ports, until the user disconnects or the
 * relay ends it (access ended, agent gone). Every step reports a status code; any failure
 * closes what was opened and returns to idle with the error's code.
 */
export class TunnelSession {
  readonly request: SessionRequest;
  readonly #hooks: SessionHooks;
  readonly #abort = new AbortController();
  readonly #listeners: LocalListener[] = [];
  #link: RelayLink | undefined;
  #ended: Promise<void> | undefined;
  /** Resolves when the session is over and its listeners are closed. */
  readonly done: Promise<void>;
  #resolveDone!: () => void;

  constructor(request: SessionRequest, hooks: SessionHooks) {
    this.request = request;
    this.#hooks = hooks;
    this.done = new Promise((resolve) => (this.#resolveDone = resolve));
  }

  get controllerId() {
    return this.request.controllerId;
  }

  /** Runs the connect steps; resolves when connected or ended (never rejects). */
  async start(): Promise<void> {
    const { agentId, companyId } = this.request;
    const credentials: CompanyCredentials = { token: this.request.token, companyId };
    const signal = this.#abort.signal;
    const step = (code: StatusCode) => {
      if (this.#ended) return false;
      this.#hooks.report({
        status: 'connecting',
        activeRequest: { agentId, companyId },
        code,
        accessEnded: null,
      });
      return true;
    };
    try {
      if (!step(statusCodes.checkingAgent)) return;
      const agent = await this.request.portal.agent(credentials, agentId, signal);
      if (!agent.activeVpnSession?.vpnAddress) return void this.end({ code: statusCodes.deviceOffline });
      this.#hooks.log(`device ${agent.name} (${agent.publicId}) at ${agent.activeVpnSession.vpnAddress}`);

      const scope = ticketScope(agent);
      if (!scope) return void this.end(noAccessEnding(agent));
      if (!scope.vpn)
        this.#hooks.log(`no VPN access: asking for ${scope.servers.length} service(s) by web access`);

      if (!step(statusCodes.requestingTicket)) return;
      const ticket = await this.request.portal.ticket(credentials, agentId, scope, signal);

      if (!step(statusCodes.openingRelay)) return;
      const link = await openRelayLink(ticket, { forceProtocol: this.request.forceProtocol, signal });
      this.#link = link;
      void link.closed.then((closed) => this.end(relayEnding(closed)));
      if (this.#ended) return link.close('disconnected');

      const published = new Set(ticket.servers.map((s) => s.publicId));
      const { services, socksPort, moved } = await this.#listen(link, agent, ticket.servers, published);
      if (this.#ended) return;
      for (const line of moved) this.#hooks.log(line);
      this.#hooks.log(
        `connected: SOCKS5 on 127.0.0.1:${socksPort}; ${services.map((s) => `${s.name} on 127.0.0.1:${s.localPort}`).join(', ')}`,
      );
      this.#hooks.report({
        status: 'connected',
        activeRequest: { agentId, companyId },
        code: statusCodes.listening,
        // A port that had to change is news for whoever bookmarked it: the status says so.
        message: [statusMessages[statusCodes.listening], ...moved].join('. '),
        services,
        socksPort,
      });
    } catch (error) {
      await this.end(failureEnding(error));
    }
  }

  /** Ends the session (idempotent): relay closed, listeners closed, status idle with the code. */
  end(ending: Ending = { code: statusCodes.idle, message: 'Disconnected' }): Promise<void> {
    this.#ended ??= this.#end(ending);
    return this.#ended;
  }

  async #end(ending: Ending) {
    this.#abort.abort(new Error('disconnected'));
    this.#link?.close('disconnected');
    await Promise.all(this.#listeners.map((l) => l.close()));
    const message = ending.message ?? statusMessages[ending.code];
    this.#hooks.log(
      ending.code === statusCodes.idle ? message : `connection ended: ${message} (${ending.code})`,
    );
    this.#hooks.report({
      status: 'idle',
      activeRequest: null,
      code: ending.code,
      message,
      services: [],
      socksPort: null,
      accessEnded: ending.accessEnded ? { agentId: this.request.agentId, ...ending.accessEnded } : null,
    });
    this.#resolveDone();
  }

  /**
   * SOCKS5 first, then one port per service, each on its remembered port; a port taken by
   * another program is replaced by a free one, and `moved` says which for the log and status.
   */
  async #listen(
    link: RelayLink,
    agent: AgentDetails,
    servers: { publicId: string; name: string }[],
    published: ReadonlySet<string>,
  ): Promise<{ services: LocalService[]; socksPort: number; moved: string[] }> {
    const { basePort, ports } = this.request;
    const inUse = new Set<number>();
    const moved: string[] = [];
    const bind = async (owner: PortOwner, label: string, onSocket: (socket: net.Socket) => void) => {
      let bound: BoundPort;
      try {
        bound = await ports.bind(owner, (port) => this.#open(onSocket, port), basePort, inUse);
      } catch (error) {
        throw new ListenFailure(label, error);
      }
      inUse.add(bound.port);
      if (bound.movedFrom !== undefined) {
        moved.push(
          `${label}: port ${bound.movedFrom} is in use by another program, now on 127.0.0.1:${bound.port}`,
        );
      }
      return bound;
    };
    const socks = socksServices(agent, published);
    const { port: socksPort } = await bind(
      { kind: 'socks' },
      'SOCKS5',
      (socket) => void this.#socks(socket, link, socks),
    );
    const services: LocalService[] = [];
    for (const server of servers) {
      const owner: PortOwner = {
        kind: 'service',
        agentId: agent.publicId,
        agentName: agent.name,
        serviceId: server.publicId,
        serviceName: server.name,
      };
      const bound = await bind(owner, server.name, (socket) => this.#forward(socket, link, server.publicId));
      services.push({
        publicId: server.publicId,
        name: server.name,
        localPort: bound.port,
        ...(bound.movedFrom === undefined ? {} : { movedFrom: bound.movedFrom }),
      });
    }
    return { services, socksPort, moved };
  }

  /** A listener on the port, or a rejection when it is taken (nothing is kept open then). */
  async #open(onSocket: (socket: net.Socket) => void, port: number) {
    const listener = new LocalListener(onSocket);
    const bound = await listener.listen(port);
    this.#listeners.push(listener);
    // Ended while this one was binding: the closing pass has missed it.
    if (this.#ended) await listener.close();
    const close = async () => {
      this.#listeners.splice(this.#listeners.indexOf(listener), 1);
      await listener.close();
    };
    return { port: bound, close };
  }

  #forward(socket: net.Socket, link: RelayLink, target: string) {
    try {
      bridge(socket, link.open(target));
    } catch {
      // The relay session is closing: nothing can be opened any more.
      socket.destroy();
    }
  }

  async #socks(socket: net.Socket, link: RelayLink, services: readonly SocksService[]) {
    let target: string | undefined;
    const accepted = await socksHandshake(socket, (request) => {
      target = resolveSocksTarget(services, request);
      return target !== undefined && !this.#ended;
    });
    if (!accepted || target === undefined) return;
    try {
      const stream = link.open(target);
      if (accepted.rest.length > 0) stream.write(accepted.rest);
      bridge(socket, stream);
    } catch {
      socket.destroy();
    }
  }
}

class ListenFailure extends Error {
  constructor(label: string, cause: unknown) {
    super(`${label}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** How a relay close reads for the user: agent gone is the device-offline path, the rest names its reason. */
function relayEnding({ code, reason }: RelayClosed): Ending {
  if (code === relayCloseCodes.agentGone) return { code: statusCodes.deviceOffline };
  if (code === relayCloseCodes.accessEnded) {
    const ended = parseAccessEndReason(reason);
    const why =
      ended.reason === 'revoked'
        ? `access revoked${ended.by ? ` by ${ended.by}` : ''}`
        : ended.reason === 'expired'
          ? 'access expired'
          : `access ended (${reason || 'no reason given'})`;
    return { code: statusCodes.relayClosed, message: `Relay closed: ${why}`, accessEnded: ended };
  }
  return { code: statusCodes.relayClosed, message: `Relay closed: ${reason || `code ${code}`}` };
}

/**
 * Asks for exactly what the user's access covers: VPN when it is direct or approved now, else
 * the services reachable without VPN (direct web access, or an approved web request). Nothing
 * when neither. A portal that does not say (no myAccess) is asked for VPN, as before.
 */
export function ticketScope(agent: AgentDetails): TicketScope | null {
  const access = agent.myAccess;
  if (!access || access.vpn === 'direct' || access.vpn === 'approved') return { vpn: true };
  const servers = (access.webServers ?? []).map((server) => ({ publicId: server.publicId }));
  return servers.length > 0 ? { vpn: false, servers } : null;
}

/** Why there is nothing to ask a ticket for: no right at all, or an approved request is missing. */
function noAccessEnding(agent: AgentDetails): Ending {
  if (agent.myAccess?.vpn === 'notAllowed') return { code: statusCodes.notAllowed };
  return {
    code: statusCodes.accessRequestRequired,
    message: `${statusMessages[statusCodes.accessRequestRequired]}: no approved VPN or web access to ${agent.name} now`,
  };
}

function failureEnding(error: unknown): Ending {
  if (error instanceof PortalError) {
    if (error.status === 401) return { code: statusCodes.tokenInvalid };
    if (error.status === 403 && error.messages.includes(deviceErrors.accessRequestRequired))
      return { code: statusCodes.accessRequestRequired };
    if (error.status === 403) return { code: statusCodes.notAllowed };
    if (error.status === 404) return { code: statusCodes.deviceNotFound };
    if (isAgentOffline(error)) return { code: statusCodes.deviceOffline };
    return { code: statusCodes.portalUnreachable, message: `Portal error: ${error.message}` };
  }
  if (error instanceof RelayRefused)
    return { code: statusCodes.relayClosed, message: `Relay closed: ${error.message}` };
  if (error instanceof ListenFailure) {
    return {
      code: statusCodes.localPortsFailed,
      message: `${statusMessages[statusCodes.localPortsFailed]}: ${error.message}`,
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    code: statusCodes.relayUnreachable,
    message: `${statusMessages[statusCodes.relayUnreachable]}: ${detail}`,
  };
}
