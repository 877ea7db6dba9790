import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/** Below this, the headers of a compressed answer outweigh what it saves. */
const minimumBytes = 1024;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, at the highest
 * levels: compressed once here, they cost the server nothing per request (it serves them with
 * @fastify/static's `preCompressed`). A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fleetgate-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((entry) => entry.isFile() && compressible.test(entry.name))
          .map((entry) => compressFile(path.join(entry.parentPath, entry.name))),
      );
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < minimumBytes) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}
