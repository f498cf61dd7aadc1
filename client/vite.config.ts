import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Writes a Brotli and a gzip copy beside each built script, style sheet and SVG, once, at build time; the server
 * sends them to browsers that accept them (@fastify/static preCompressed). A third of the bytes on every first visit.
 */
function precompress(): Plugin {
  const distDir = fileURLToPath(new URL('./dist', import.meta.url));
  return {
    name: 'fairdraw-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
      for (const file of walk(distDir).filter((name) => /\.(js|css|svg|json)$/.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  // libs/draw-engine runs in the browser for the certificate page's check; its `#rng` is the browser build of libs/rng.
  resolve: { alias: { '#rng': fileURLToPath(new URL('./src/features/certificates/verify/browser-rng.ts', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(manifest.version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://localhost:3000', '/download': 'http://localhost:3000' } },
});
