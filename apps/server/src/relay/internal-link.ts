import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { defaultMaxPayload, headerLength, zeroMask } from '@fleetgate/tunnel-protocol';
import { deriveServerKey, type SecretBoxOptions } from '../auth/secret-box.ts';
import { linkWebSocket, type WsLink } from './ws-link.ts';
import type { PeerProcess } from './relay-processes.repository.ts';

/**
 * The internal hop between server processes (issue 18): a process that holds a client but not
 * its agent opens one WebSocket to the agent's process at `<internal_url>/relay/internal` and
 * splices client streams onto it, as it splices them onto an agent's link when the agent is
 * local. Credit passes end to end over both hops.
 *
 * Authentication: `Authorization: FleetgateRelay <from>.<to>.<unix ms>.<hmac>`, an HMAC-SHA256
 * under a key derived from FLEETGATE_SECRET_KEY over the sending and receiving process ids and
 * the time. It is accepted for a minute either side and only by the process it names.
 */
export const internalPath = '/relay/internal';
const scheme = 'FleetgateRelay';
const maxSkewMs = 60_000;
/** Streams of every forwarded client between two processes share one link. */
export const internalMaxStreams = 65_536;

function mac(key: Buffer, from: number, to: number, at: number): string {
  return createHmac('sha256', key).update(`relay-internal\n${from}\n${to}\n${at}`).digest('base64url');
}

export function internalCredential(key: Buffer, from: number, to: number, at = Date.now()): string {
  return `${scheme} ${from}.${to}.${at}.${mac(key, from, to, at)}`;
}

/** The sending process's id when the request carries a valid credential for process `self`. */
export function verifyInternalCredential(
  key: Buffer,
  request: IncomingMessage,
  self: number | undefined,
  now = Date.now(),
): number | undefined {
  if (self === undefined) return undefined;
  const header = request.headers.authorization ?? '';
  const match = /^FleetgateRelay (\d{1,10})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(header);
  if (!match) return undefined;
  const [from, to, at] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (to !== self || Math.abs(now - at) > maxSkewMs) return undefined;
  const expected = Buffer.from(mac(key, from, to, at));
  const given = Buffer.from(match[4] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? from : undefined;
}

/** Stream targets on an internal link: a service of an agent attached there, or a watch on it. */
export const internalTarget = {
  service: (agentId: number, vpnSessionId: number, service: string) =>
    `s:${agentId}:${vpnSessionId}:${service}`,
  watch: (agentId: number, vpnSessionId: number) => `w:${agentId}:${vpnSessionId}`,
  parse(target: string) {
    const match = /^([sw]):(\d{1,10}):(\d{1,15}):?(.*)$/s.exec(target);
    if (!match) return undefined;
    return {
      kind: match[1] === 's' ? ('service' as const) : ('watch' as const),
      agentId: Number(match[2]),
      vpnSessionId: Number(match[3]),
      service: match[4] ?? '',
    };
  },
};

/** The internal links' key, derived from the server key when first needed (and kept). */
export function relayInternalKey(options: SecretBoxOptions): () => Buffer {
  let key: Buffer | undefined;
  return () => (key ??= deriveServerKey(options, 'fleetgate relay internal link v1'));
}

export type PeerLinksDeps = {
  key: () => Buffer;
  self: () => number | undefined;
  heartbeatMs: number;
};

/**
 * The outgoing internal links of this process, one per peer process: opened when a client first
 * needs that peer, reused by every later one, and opened again after it closed.
 */
export class PeerLinks {
  readonly #deps: PeerLinksDeps;
  readonly #links = new Map<number, Promise<WsLink>>();
  #closed = false;

  constructor(deps: PeerLinksDeps) {
    this.#deps = deps;
  }

  get(peer: PeerProcess): Promise<WsLink> {
    const existing = this.#links.get(peer.id);
    if (existing) return existing;
    const link = this.#connect(peer);
    this.#links.set(peer.id, link);
    link.then(
      ({ ws }) => ws.once('close', () => this.#forget(peer.id, link)),
      () => this.#forget(peer.id, link),
    );
    return link;
  }

  #forget(id: number, link: Promise<WsLink>) {
    if (this.#links.get(id) === link) this.#links.delete(id);
  }

  #connect(peer: PeerProcess): Promise<WsLink> {
    const self = this.#deps.self();
    if (this.#closed || self === undefined) return Promise.reject(new Error('relay is not registered'));
    const url = `${peer.internalUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}${internalPath}`;
    const ws = new WebSocket(url, {
      headers: { Authorization: internalCredential(this.#deps.key(), self, peer.id) },
      maxPayload: headerLength + defaultMaxPayload,
      handshakeTimeout: 5000,
      perMessageDeflate: false,
      // Not a browser: as the agent and the connector, it skips masking every byte it sends.
      generateMask: zeroMask,
    });
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_request, response) => {
        response.resume();
        ws.terminate();
        reject(new Error(`internal link to ${url} refused with ${response.statusCode ?? 0}`));
      });
      ws.once('error', (error) => reject(error));
      ws.once('close', () => reject(new Error(`internal link to ${url} closed`)));
      ws.once('open', () =>
        resolve(
          linkWebSocket(ws, {
            role: 'initiator',
            heartbeatMs: this.#deps.heartbeatMs,
            maxStreams: internalMaxStreams,
          }),
        ),
      );
    });
  }

  /** Closes every link (shutdown); streams on them are reset, which ends their sessions. */
  async close() {
    this.#closed = true;
    const links = await Promise.allSettled(this.#links.values());
    for (const link of links) if (link.status === 'fulfilled') link.value.ws.terminate();
    this.#links.clear();
  }
}
