import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiServer = 'http://localhost:8080';

/** Libraries change less often than the app, so they get their own long-cached chunks. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(@mui|@emotion)\//.test(id)) return 'mui';
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  return 'vendor';
}

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true },
      '/info.json': { target: apiServer, changeOrigin: true },
    },
  },
});
