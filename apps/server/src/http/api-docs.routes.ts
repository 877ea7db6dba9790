import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { siteOrigin, type HostRules } from './host-check.ts';
import type { Config } from '../config.ts';
import type { Api } from './api.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';

const serverPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Swagger UI from our own node_modules: the reference works offline and under `script-src 'self'`. */
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** No inline script: the page loads this file, which points Swagger UI at the document. */
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Fleetgate API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const assets: Record<string, { type: string; body: () => string | Buffer }> = {
  '/api/docs': { type: 'text/html; charset=utf-8', body: () => page },
  '/api/docs/init.js': { type: 'text/javascript; charset=utf-8', body: () => initScript },
  '/api/docs/swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => file('swagger-ui.css') },
  '/api/docs/favicon-32x32.png': { type: 'image/png', body: () => file('favicon-32x32.png') },
  '/api/docs/swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    body: () => file('swagger-ui-bundle.js'),
  },
};

/** The paths these routes serve: public pages that need no Api-Version (hooks.ts exempts exactly these). */
export const apiDocsPaths: ReadonlySet<string> = new Set(['/api/openapi.json', ...Object.keys(assets)]);

function file(name: string): Buffer {
  return readFileSync(path.join(swaggerUiDir, name));
}

/**
 * `GET /api/openapi.json` (OpenAPI 3.1, built once from the declared routes) and the browsable
 * reference at `/api/docs`. Both are public: they describe the API and reveal no data.
 */
export function registerApiDocs(
  app: FastifyInstance,
  api: Api,
  config: Pick<Config, 'publicUrl'>,
  brandingHosts?: HostRules['brandingHosts'],
) {
  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', async (request) => {
    // Built on first use, when every module has declared its routes.
    document ??= buildOpenApiDocument(api.declared, { origin: '', version: serverPackage.version });
    // Read per request: tests learn their port (and so PUBLIC_URL) only after building the app;
    // on a branding's host the reference page calls that host.
    const url = siteOrigin(request.headers.host, config.publicUrl, brandingHosts);
    return { ...document, servers: [{ url }] };
  });

  for (const [url, asset] of Object.entries(assets)) {
    let body: string | Buffer | undefined;
    app.get(url, async (_request, reply) => {
      body ??= asset.body();
      return reply.type(asset.type).header('cache-control', 'no-cache').send(body);
    });
  }
}
