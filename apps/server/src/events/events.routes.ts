import type { FastifyInstance } from 'fastify';
import type { Api } from '../http/api.ts';
import type { EventBus } from './event-bus.ts';

const heartbeatMs = 25_000;
/** Streams end at the token's (or a temporary membership's) expiry, and at least daily (timers cannot wait longer than ~24 days). */
const maxStreamMs = 24 * 3600 * 1000;

/**
 * `GET /api/events`: server-sent events for the signed-in user in the company acted in
 * (Api-Company), with the usual bearer token and Api-Version headers (the web app reads the
 * stream with fetch). Each event is `event: <type>` and `data: <json>`; a comment line every
 * 25 s keeps proxies from closing an idle stream. The stream ends when the token expires.
 */
export function registerEventRoutes(app: FastifyInstance, api: Api, events: EventBus) {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  api.declare(
    {
      rel: 'Events',
      method: 'GET',
      access: 'company',
      doc: { summary: 'Live events for the signed-in user and company', contentType: 'text/event-stream' },
    },
    '/api/events',
  );
  app.get('/api/events', async (request, reply) => {
    const { user, company } = await api.signIn(request, reply);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(': connected\n\n');
    const unsubscribe = events.subscribe({
      userId: user.id,
      companyId: company.id,
      deliver: (event) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
    });
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), heartbeatMs);
    const end = () => raw.end();
    // The token's expiry or a temporary membership's end ends the stream: the client then finds
    // the company gone. A change of access after the stream opened (a new end date, a removed
    // member, a revoked token) is checked again at once, as a new request would be.
    let expiry: NodeJS.Timeout | undefined;
    const endAt = (tokenExpiresOn: Date, accessEndsOn: Date | null) => {
      clearTimeout(expiry);
      const ends = Math.min(tokenExpiresOn.getTime(), accessEndsOn?.getTime() ?? Infinity);
      expiry = setTimeout(end, Math.min(maxStreamMs, ends - Date.now()));
    };
    endAt(user.tokenExpiresOn, company.accessEndsOn);
    const stopListening = api.onAccessChange((change) => {
      if ('userId' in change && change.userId !== user.id) return;
      void api
        .signIn(request, reply)
        .then((context) => endAt(context.user.tokenExpiresOn, context.company.accessEndsOn), end);
    });
    open.add(end);
    raw.on('close', () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      stopListening();
      unsubscribe();
      open.delete(end);
    });
  });
}
