import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the dev server proxies API, Socket.IO, config and identity-provider calls. */
const backend = process.env.AMPLIO_BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      '@amplio/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
      '@amplio/parsers/browser': fileURLToPath(new URL('../libs/parsers/src/browser.ts', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, ws: true, changeOrigin: true },
      '/config.json': { target: backend, changeOrigin: true },
      '/realms': { target: backend, changeOrigin: true },
    },
  },
});
