// Builds the connector into one ESM file, `fleetgate-connector-<version>.mjs`, that runs with any
// Node.js 24 or later on Linux, macOS and Windows (no npm install, no TypeScript step). It is
// plain JavaScript, not a native executable: those would need per-platform cross-builds.
//
//   node apps/connector/scripts/build-bundle.ts [--out-dir <dir>]   (default apps/connector/dist)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import manifest from '../package.json' with { type: 'json' };

const connectorDir = path.resolve(import.meta.dirname, '..');

/** Where `npm run build` puts the bundle and where the server serves it from by default. */
export const defaultBundleDir = path.join(connectorDir, 'dist');

export const bundleFileName = (version: string) => `fleetgate-connector-${version}.mjs`;

/** Bundles bin/fleetgate-connector.ts with ws, tunnel-protocol and contracts; returns the file. */
export async function buildConnectorBundle(outDir: string = defaultBundleDir): Promise<string> {
  const outfile = path.join(outDir, bundleFileName(manifest.version));
  await build({
    entryPoints: [path.join(connectorDir, 'bin/fleetgate-connector.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: false,
    legalComments: 'inline',
    // ws loads these optional native speed-ups with require() inside try/catch; without them it
    // falls back to JavaScript, which is what a single portable file wants.
    external: ['bufferutil', 'utf-8-validate'],
    // ws is CommonJS: its require() of Node's built-ins needs a real require in an ES module.
    banner: {
      js: "import { createRequire as __fleetgateCreateRequire } from 'node:module';\nconst require = __fleetgateCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  const file = await buildConnectorBundle(path.resolve(values['out-dir'] ?? defaultBundleDir));
  process.stdout.write(`connector bundle: ${path.relative(process.cwd(), file)}\n`);
}
