import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssetsPlugin } from '../scripts/compress-assets-vite-plugin';
import { faceAssetsPlugin } from '../scripts/face-assets-vite-plugin';
import { routePreloadsPlugin } from '../scripts/route-preloads-vite-plugin';
import { serviceWorkerPlugin } from '../scripts/service-worker-vite-plugin';

export default defineConfig({
  plugins: [react(), tailwindcss(), faceAssetsPlugin(), serviceWorkerPlugin(), routePreloadsPlugin(), compressAssetsPlugin()],
  // The face check's worker (camera module) imports Human's ES module build.
  worker: { format: 'es' },
  // The extension workspace uses React 18 (Plasmo) and npm hoists it to the root; the portal's
  // own React 19 must be the only one its libraries (wouter, signals) see.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/bundle-size.mjs reads the chunk graph from the manifest.
    manifest: true,
    // The server serves these precompressed siblings too, see server's static handler.
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/blobs': 'http://127.0.0.1:8080' },
  },
});
