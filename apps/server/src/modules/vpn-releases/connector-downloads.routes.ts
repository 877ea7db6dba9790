import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { downloadsPath } from './vpn-release.catalog.ts';

/**
 * Only bundle files by name: no separators, so nothing outside the directory (and no
 * sub-directory) can be named; anything else in the directory is not offered either.
 */
const bundleFilePattern = /^fleetgate-connector-[0-9A-Za-z][0-9A-Za-z.+-]*\.(?:mjs|tar\.gz|tgz|zip)$/;

const contentTypes: Record<string, string> = {
  '.mjs': 'text/javascript; charset=utf-8',
  '.gz': 'application/gzip',
  '.tgz': 'application/gzip',
  '.zip': 'application/zip',
};

/** `GET /downloads/connector/<file>`: the connector bundles the installer dialog links to. */
export function registerConnectorDownloads(app: FastifyInstance, directory: string) {
  app.get<{ Params: { file: string } }>(`${downloadsPath}/:file`, async (request, reply) => {
    const { file } = request.params;
    if (!bundleFilePattern.test(file)) return reply.callNotFound();
    const fullPath = path.join(directory, file);
    // lstat: a symbolic link could lead out of the directory, so only regular files are served.
    const stat = await lstat(fullPath).catch(() => undefined);
    if (!stat?.isFile()) return reply.callNotFound();
    return (
      reply
        .header('content-type', contentTypes[path.extname(file)] ?? 'application/octet-stream')
        .header('content-length', stat.size)
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('x-content-type-options', 'nosniff')
        .header('last-modified', stat.mtime.toUTCString())
        // Names carry the version, but a rebuild of the same version may replace a file: an hour.
        .header('cache-control', 'public, max-age=3600')
        .send(createReadStream(fullPath))
    );
  });
}
