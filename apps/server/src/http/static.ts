import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { failure } from './envelope.ts';
import { errorMessages } from '@fleetgate/contracts';

/**
 * Serves the built web app. Paths that are not files get index.html (history fallback) so
 * the client router handles them; unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = index !== undefined && fs.existsSync(index);
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: webDist!, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      return reply.code(404).send(failure([{ message: errorMessages.notFound }]));
    }
    if (hasWebApp && request.method === 'GET' && !path.extname(request.url.split('?')[0]!)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
