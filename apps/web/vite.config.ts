import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const apiServer = 'http://localhost:8080';

const webPackage = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** One identity per build: the package version plus the build time, e.g. `0.1.0+20250101120000`. */
const builtAt = new Date().toISOString();
const buildVersion = `${webPackage.version}+${builtAt.replace(/\D/g, '').slice(0, 14)}`;

/**
 * Writes /info.json next to index.html. The running app compares it with the version it was
 * built with and offers to reload when a newer build has been deployed.
 */
function buildInfo(): Plugin {
  return {
    name: 'fleetgate-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'info.json',
        source: `${JSON.stringify({ version: buildVersion, builtAt }, null, 2)}\n`,
      });
    },
  };
}

/**
 * React, React DOM and the router are needed by every page and change less often than the app,
 * so they share one long-cached chunk. Every other library is left to Rollup's split by route:
 * a library lands in the chunks of the pages that import it (the date pickers only with the
 * access-request dialog), so the login page loads none of what it does not use.
 */
function vendorChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  return undefined;
}

export default defineConfig(({ command }) => ({
  plugins: [react(), buildInfo(), precompress()],
  // The dev server has no info.json, so it runs without a version and skips the check.
  define: command === 'build' ? { __FLEETGATE_VERSION__: JSON.stringify(buildVersion) } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Terser packs a few per cent tighter than esbuild: what keeps the login page within its budget (210 KB).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: { output: { manualChunks: vendorChunk, experimentalMinChunkSize: 7_000 } },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
    },
  },
}));
