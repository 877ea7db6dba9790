import { EventEmitter } from 'node:events';

/**
 * Step codes of a connection, as the portal's installer and snack bar read them: 0 is idle,
 * 1–9 are the steps of a connect in progress, 10 and above are errors (the portal shows an
 * error step for any code above 9). The connector returns to idle with the error code kept.
 */
export const statusCodes = {
  idle: 0,
  checkingAgent: 1,
  requestingTicket: 2,
  openingRelay: 3,
  listening: 4,
  deviceOffline: 10,
  accessRequestRequired: 11,
  notAllowed: 12,
  relayClosed: 13,
  tokenInvalid: 14,
  deviceNotFound: 15,
  portalUnreachable: 16,
  relayUnreachable: 17,
  localPortsFailed: 18,
} as const;

export type StatusCode = (typeof statusCodes)[keyof typeof statusCodes];

export const statusMessages: Record<StatusCode, string> = {
  0: 'Idle',
  1: 'Checking the device',
  2: 'Requesting a tunnel ticket',
  3: 'Opening the relay session',
  4: 'Connected, listening on local ports',
  10: 'Connection failed, device offline',
  11: 'Access request required',
  12: 'Not allowed to connect to this device',
  13: 'Relay closed',
  14: 'Access token invalid',
  15: 'Device not found',
  16: 'Portal unreachable',
  17: 'Relay unreachable',
  18: 'Local ports could not be opened',
};

export type ActiveRequest = { agentId: string; companyId: string };
/** A portal user as the token check named them. */
export type UserRef = { publicId: string; name: string };
/**
 * Why the server ended the session's access (relay close 4001): revoked (by whom), expired, or
 * ended for another reason (rights removed, device locked). Kept with the idle status afterwards.
 */
export type AccessEnded = { agentId: string; reason: 'revoked' | 'expired' | 'ended'; by: string | null };
/**
 * A device service on 127.0.0.1 while connected. `movedFrom`: its remembered port, which another
 * program held at this connect (the service is on `localPort` now, and remembered there).
 */
export type LocalService = { publicId: string; name: string; localPort: number; movedFrom?: number };

/** What `GET /status` answers and the WebSocket on `/` pushes on every change. */
export type ConnectorStatus = {
  status: 'idle' | 'connecting' | 'connected';
  activeRequest: ActiveRequest | null;
  code: StatusCode;
  message: string;
  /** The device's services as local ports on 127.0.0.1 while connected. */
  services: LocalService[];
  socksPort: number | null;
  version: string;
  /** Whose session this is (or was): the user whose token opened it. */
  owner: UserRef | null;
  /** Set when the server ended the access of the session that just closed. */
  accessEnded: AccessEnded | null;
  /** Only in another user's view: the connector is busy with the owner's session. */
  inUseBy: { name: string } | null;
};

export type StatusChange = Partial<Omit<ConnectorStatus, 'version' | 'message' | 'inUseBy'>> & {
  message?: string;
};

/** The one current status; every change is emitted so the WebSocket clients hear of it. */
export class StatusStore extends EventEmitter<{ change: [ConnectorStatus] }> {
  #current: ConnectorStatus;

  constructor(version: string) {
    super();
    this.#current = {
      status: 'idle',
      activeRequest: null,
      code: statusCodes.idle,
      message: statusMessages[statusCodes.idle],
      services: [],
      socksPort: null,
      version,
      owner: null,
      accessEnded: null,
      inUseBy: null,
    };
  }

  get current(): ConnectorStatus {
    return this.#current;
  }

  /** Applies a change; the message defaults to the code's own. Emits only when something changed. */
  set(change: StatusChange) {
    const code = change.code ?? this.#current.code;
    const next: ConnectorStatus = {
      ...this.#current,
      ...change,
      message: change.message ?? (change.code === undefined ? this.#current.message : statusMessages[code]),
    };
    if (JSON.stringify(next) === JSON.stringify(this.#current)) return;
    this.#current = next;
    this.emit('change', next);
  }

  /** Back to idle with no local ports; an error code stays visible until the next connect. */
  idle(code: StatusCode = statusCodes.idle, message?: string) {
    this.set({
      status: 'idle',
      activeRequest: null,
      code,
      services: [],
      socksPort: null,
      ...(message === undefined ? {} : { message }),
    });
  }
}

/**
 * The status as one caller may see it. The connector is per computer, the session per user: its
 * owner (and the settings page, `null`) sees everything; another user signed in on the same
 * computer sees only that the client is in use and by whom, never the device, its ports or why
 * the owner's access ended.
 */
export function statusFor(status: ConnectorStatus, userId: string | null): ConnectorStatus {
  if (userId === null || status.owner === null || status.owner.publicId === userId) return status;
  const inUse = status.status !== 'idle';
  return {
    status: 'idle',
    activeRequest: null,
    code: statusCodes.idle,
    message: inUse ? `In use by ${status.owner.name}` : statusMessages[statusCodes.idle],
    services: [],
    socksPort: null,
    version: status.version,
    owner: null,
    accessEnded: null,
    inUseBy: inUse ? { name: status.owner.name } : null,
  };
}
