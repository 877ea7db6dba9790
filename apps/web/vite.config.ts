import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

/** Libraries change less often than the app, so they get their own long-cached chunks. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  // The date pickers (request dialog) get their own chunk so none passes Vite's 500 kB warning.
  if (/\/node_modules\/(@mui\/x-|date-fns)/.test(id)) return 'pickers';
  if (/\/node_modules\/(@mui|@emotion)\//.test(id)) return 'mui';
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  return 'vendor';
}

export default defineConfig(({ command }) => ({
  plugins: [react(), buildInfo()],
  // The dev server has no info.json, so it runs without a version and skips the check.
  define: command === 'build' ? { __FLEETGATE_VERSION__: JSON.stringify(buildVersion) } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
    },
  },
}));
