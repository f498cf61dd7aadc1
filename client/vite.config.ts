import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // libs/draw-engine runs in the browser for the certificate page's check; its `#rng` is the browser build of libs/rng.
  resolve: { alias: { '#rng': fileURLToPath(new URL('./src/features/certificates/verify/browser-rng.ts', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(manifest.version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://localhost:3000', '/download': 'http://localhost:3000' } },
});
