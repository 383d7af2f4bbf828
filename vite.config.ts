import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // bench/ reads the manifest to add up what each route downloads.
    manifest: true,
    // The landing page budget is counted by bench/bundle-size.ts; keep chunks per route.
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true }, '/logo': apiTarget },
  },
});
