import { z } from 'zod';

const publicId = z.string().regex(/^[0-9a-z]{12}$/);

/**
 * `POST AgentWebAccessSessionList/{agentPublicId}`: web access to one service of the agent,
 * checked by the access rules like a tunnel ticket (web access: the agent's web lock and the
 * service's own approval flag). `viewOnly` is for VNC: full control (false, the default when the
 * user holds agents.remoteControl) needs that right.
 */
export const webAccessSessionCreateInput = z.strictObject({
  server: z.strictObject({ publicId }),
  viewOnly: z.boolean().optional(),
});

/** How long the single-use token in a web access session's first URL may be redeemed. */
export const webAccessTokenSeconds = 60;

/** The cookie that holds a web access session on its own host (HttpOnly, SameSite=Lax, host-only). */
export const webAccessCookieName = '__fleetgate_web';

/**
 * Its name on an https session host: a `__Host-` cookie is taken by the browser only from that
 * host itself, over https, with `Secure`, `Path=/` and no `Domain`, so no other host of the
 * domain can plant or shadow it. Plain http (local `*.localhost`) keeps the name above.
 */
export const webAccessSecureCookieName = '__Host-fleetgate_web';

/**
 * A web access session, as created (201) and read.
 * - `kind: 'http'`: `url` is the session host's first URL
 *   (`<scheme>://<hostId>.<WEB_ACCESS_DOMAIN>[:port]/__fleetgate/start?token=…`); open it in a new
 *   tab. The token is single-use and expires at `tokenExpiresOn`.
 * - `kind: 'vnc'`: `url` is the WebSocket for the viewer (`ws(s)://<public host>/relay/vnc?token=…`),
 *   RFB carried as binary messages (as websockify does).
 * The session ends when access ends (revoked or expired request, rights removed, agent locked
 * or deleted), when its user ends it (`DELETE WebAccessSession/{publicId}`), or after it was
 * idle for `webAccessIdleMinutes`.
 */
export type WebAccessSession = {
  publicId: string;
  kind: 'http' | 'vnc';
  url: string;
  tokenExpiresOn: string;
  viewOnly: boolean;
  agent: { publicId: string; name: string };
  server: { publicId: string; name: string; type: 'http' | 'https' | 'vnc' };
  createdOn: string;
  endedOn: string | null;
};

/** A web access session with no open connection and no request for this long ends by itself. */
export const webAccessIdleMinutes = 30;
