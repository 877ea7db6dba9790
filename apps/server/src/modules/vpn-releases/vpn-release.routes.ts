import type { Api } from '../../http/api.ts';
import type { ModuleDeps } from '../index.ts';
import { loadReleaseCatalog, releaseDocument } from './vpn-release.catalog.ts';

/** How long browsers and proxies may keep the document; the portal busts it hourly anyway. */
const maxAgeSeconds = 3600;

/**
 * `GET VpnClientReleases`: the connector's release document for the portal and the installer.
 * Public (the installer dialog may show it before anything else) and the same for everyone;
 * query parameters such as the hourly cache buster (`?hour=2026112208`) are accepted and ignored.
 */
export function registerVpnReleaseRoutes(api: Api, deps: ModuleDeps) {
  const catalog = loadReleaseCatalog(deps.config.connectorDir);
  api.route({
    rel: 'VpnClientReleases',
    method: 'GET',
    access: 'public',
    doc: { summary: "The connector's release document" },
    handler: (ctx) => {
      ctx.reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
      const data = releaseDocument(catalog, deps.config.publicUrl);
      return Promise.resolve({ type: 'VpnClientReleases', data });
    },
  });
}
