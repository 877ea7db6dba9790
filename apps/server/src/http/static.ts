import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { failure } from './envelope.ts';
import { errorMessages } from '@fleetgate/contracts';

/** Vite's output: `assets/<name>-<hash>.<ext>`; its name changes whenever its content does. */
const hashedAsset = /^assets\/[^/]+-[\w-]{8,}\.\w+$/;

/** A hashed file never changes, so browsers keep it a year without asking again. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/**
 * Cache headers by file: hashed assets for good; everything else (index.html, info.json, the
 * favicons) revalidated on every use, so a new build is picked up at the next page load.
 * Every answer names Accept-Encoding in Vary, as the same URL is served br, gzip or plain.
 */
function setCacheHeaders(webDist: string) {
  return (response: SetHeadersResponse, filePath: string) => {
    const relative = path.relative(webDist, filePath).split(path.sep).join('/');
    const original = relative.replace(/\.(br|gz)$/, '');
    response.setHeader('cache-control', hashedAsset.test(original) ? immutableCacheControl : 'no-cache');
    response.setHeader('vary', 'Accept-Encoding');
  };
}

/**
 * Serves the built web app. The build writes brotli and gzip files beside each text asset
 * (apps/web/precompress.ts); `preCompressed` serves the best one the browser accepts with
 * the original's content type. Paths that are not files get index.html (history fallback) so
 * the client router handles them; unknown /api paths stay JSON 404s and unknown files (a page
 * that still asks for a replaced chunk) plain 404s, so HTML is never run as a script.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWebApp = index !== undefined && fs.existsSync(index);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Cache-Control comes from setHeaders; `send`'s own (max-age=0) would override it.
      cacheControl: false,
      setHeaders: setCacheHeaders(webDist!),
      // The .br and .gz files are only served in place of their original, never by their own name.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send(failure([{ message: errorMessages.notFound }]));
    }
    // Built files all have an extension; `/assets/<publicId>` is the console's assets route, not a file.
    const isPage = !path.extname(pathname);
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD') && isPage) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
