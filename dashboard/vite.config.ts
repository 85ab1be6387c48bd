import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The dashboard: built to dashboard/dist and served by the API server at /. */
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  publicDir: path.join(root, 'public'),
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // In development the API (and the widget, demo site) come from the real server.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/widget': 'http://127.0.0.1:3000',
      '/demo': 'http://127.0.0.1:3000',
    },
  },
});
