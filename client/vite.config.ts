import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { MantineProvider } from '@mantine/core';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { build, defineConfig, type Manifest, type Plugin } from 'vite';

import { ENGAGEMENT_EVENTS, PAGE_WATCH_PROPERTY, watchPrerenderedPage } from './src/lib/first-input.ts';
import type { RouteName } from './src/lib/routes.ts';
import { theme } from './src/app/theme.ts';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Writes a Brotli and a gzip copy beside each built script, style sheet and SVG, once, at build time; the server
 * sends them to browsers that accept them (@fastify/static preCompressed). A third of the bytes on every first visit.
 */
function precompress(): Plugin {
  return {
    name: 'fairdraw-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
      for (const file of walk(distDir).filter((name) => /\.(js|css|svg|json)$/.test(name))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const distDir = fileURLToPath(new URL('./dist', import.meta.url));
/** What the server reads to serve prerendered pages and each route's chunks (src/platform/http/client-app.ts). */
export const PRERENDERED_FILE = '.vite/prerendered.json';
/**
 * The prerendering module built for Node, which the server also imports to render the certificate page on request
 * (src/platform/http/client-app.ts). In the build, not served (the static files skip dot folders).
 */
export const RENDERER_DIR = '.vite/ssr';
const ssrDir = join(distDir, RENDERER_DIR);

/** The prerendering module built for Node (client/src/prerender/prerender.tsx). */
type PrerenderModule = typeof import('./src/prerender/prerender');

/** A chunk's static imports, itself included: the files the browser fetches before running it. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * Mantine's useId keeps React's id (as its own first render and the prerendering do) instead of replacing it with a
 * random one in a layout effect: that effect re-rendered every labelled input, synchronously, once hydrated or
 * mounted.
 */
function stableMantineIds(): Plugin {
  return {
    name: 'fairdraw-stable-mantine-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!/@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id)) return undefined;
      if (!code.includes('setUuid(randomId())')) throw new Error(`Mantine's useId changed: review ${id}`);
      const replacement = [
        'import { useId as useReactId } from "react";',
        'function useId(staticId) {',
        '  const reactId = useReactId();',
        '  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;',
        '}',
        'export { useId };',
      ].join('\n');
      return { code: replacement, map: null };
    },
  };
}

/**
 * `virtual:mantine-variables.css`: the CSS variables of the app's theme (colours, fonts, radius), computed here at
 * build time by Mantine's own provider. The app's provider then skips computing them on every start
 * (`withCssVariables={false}`), a long task of its first render.
 */
function mantineVariables(): Plugin {
  const id = '/virtual/mantine-variables.css';
  return {
    name: 'fairdraw-mantine-variables',
    enforce: 'pre',
    resolveId: (source) => (source === 'virtual:mantine-variables.css' ? id : undefined),
    load(source) {
      if (source !== id) return undefined;
      const markup = renderToStaticMarkup(createElement(MantineProvider, { theme, children: null }));
      const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(markup)?.[1];
      if (!css) throw new Error('Mantine rendered no CSS variables');
      return css;
    },
  };
}

/**
 * The inline script of a prerendered page that runs the app's entry once the page has painted its content (its
 * first-contentful-paint entry; after three seconds without one, in a tab that does not paint) and preloads the
 * entry's and the screen's chunks with it, ready for the app's start at the visitor's first input (client/src/main.tsx).
 * The first paint waits for nothing but the HTML and the style sheets, and the scripts do not compete with them.
 */
function afterFirstPaint(entryScripts: string[], routeScripts: string[]): string {
  const [entry, ...imports] = entryScripts;
  const preload = [...imports, ...routeScripts];
  return (
    // From the first paint, the page notes the visitor's first input and holds their clicks for the app.
    `(${watchPrerenderedPage.toString()})(window,${JSON.stringify(ENGAGEMENT_EVENTS)},${JSON.stringify(PAGE_WATCH_PROPERTY)});` +
    '(function(){var done=false;function load(){if(done)return;done=true;' +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.head.appendChild(s);` +
    // Three links a task: each costs the main thread some 2.5 ms here (10 at a phone's speed), eight at once a long task.
    `var hrefs=${JSON.stringify(preload)};(function next(){hrefs.splice(0,3).forEach(function(href){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)});if(hrefs.length)setTimeout(next,0)})()}` +
    "try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(load,0)}}).observe({type:'paint',buffered:true})}" +
    'catch(e){requestAnimationFrame(function(){setTimeout(load,0)})}setTimeout(load,3000)})()'
  );
}

/**
 * After the browser build, builds client/src/prerender/prerender.tsx for Node and writes PRERENDERED_FILE: the
 * full HTML of the prerendered pages (their screen rendered into #root, their own title and description), each
 * route's script and style chunks (the server preloads them with the page, so the screen's chunk no longer waits
 * for the entry to run), the product's domains (the server sends prerendered content only where the client
 * would start), and the templates of the certificate page and of home, which the server fills on request with the
 * same module.
 */
function prerender(): Plugin {
  /** Each module's output file: a lazily loaded screen that other chunks also import statically can end up in a shared chunk, which the manifest keys by that chunk's name instead of by the screen's source. */
  const fileOfModule = new Map<string, string>();
  return {
    name: 'fairdraw-prerender',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) if (output.type === 'chunk') for (const id of output.moduleIds) fileOfModule.set(id, output.fileName);
    },
    async closeBundle() {
      await build({ configFile: fileURLToPath(import.meta.url), logLevel: 'warn', build: { ssr: 'src/prerender/prerender.tsx' } });
      const ssr = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as PrerenderModule;
      const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      // The entry and what it starts with: its static imports and its dynamic ones (React, then the app).
      const fromEntry = staticClosure(manifest, 'index.html');
      // The entry's own dynamic imports (React, the start) and the start's stages (client/src/app/start.tsx): every page runs them.
      for (const started of manifest['index.html'].dynamicImports ?? []) {
        staticClosure(manifest, started, fromEntry);
        for (const stage of manifest[started].dynamicImports ?? []) staticClosure(manifest, stage, fromEntry);
      }
      const routeChunks = new Map(
        ssr.routeScreens().map(({ name, paths, source }) => {
          const file = fileOfModule.get(fileURLToPath(new URL(source, import.meta.url)));
          const key = manifest[source] ? source : Object.keys(manifest).find((candidate) => manifest[candidate].file === file);
          if (!key) throw new Error(`No chunk for ${source} in Vite's manifest`);
          const chunks = [...staticClosure(manifest, key)].filter((key) => !fromEntry.has(key)).map((key) => manifest[key]);
          const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`);
          return [name, { paths, scripts: chunks.map((chunk) => `/${chunk.file}`), styles }];
        }),
      );
      // The page of every other address preloads all of them, as it did when the entry imported them statically.
      const entryScripts = [...fromEntry].map((key) => `/${manifest[key].file}`);
      const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
      const preloaded = new Set([...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]));
      const started = entryScripts
        .slice(1)
        .filter((file) => !preloaded.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">\n    `);
      // Their styles too (the page frame's): in the head, so no page paints without them.
      const startedStyles = [...new Set([...fromEntry].flatMap((key) => manifest[key].css ?? []))]
        .map((file) => `/${file}`)
        .filter((file) => !indexHtml.includes(`href="${file}"`))
        .map((file) => `\n    <link rel="stylesheet" crossorigin href="${file}">`);
      const template = indexHtml
        .replace('<link rel="stylesheet"', () => `${started.join('')}<link rel="stylesheet"`)
        .replace(/(<link rel="stylesheet"[^>]*>)(?![\s\S]*<link rel="stylesheet")/, (last) => `${last}${startedStyles.join('')}`);
      if (!started.every((link) => template.includes(link)) || !startedStyles.every((link) => template.includes(link))) throw new Error('index.html changed: no place for the preloads');
      writeFileSync(join(distDir, 'index.html'), template);
      const pageHtml = (name: RouteName, page: { title: string; description: string; html: string }) => {
        const route = routeChunks.get(name)!;
        const styles = route.styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">\n`).join('');
        const html = template
          // Mantine's light colour scheme from the first paint (its provider sets the attribute only when it runs).
          .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
          .replace(/<title>[^<]*<\/title>/, `<title>${ssr.escapeHtml(page.title)}</title>`)
          .replace(/(<meta name="description" content=")[^"]*(")/, `$1${ssr.escapeHtml(page.description)}$2`)
          // The page shows without scripts: none loads before the first paint (see afterFirstPaint).
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace(/\s*<script type="module"[^>]*><\/script>/, '')
          .replace('</head>', `${styles}</head>`)
          .replace('<div id="root"></div>', `<div id="root" ${ssr.PRERENDERED_ATTRIBUTE}>${page.html}</div>`)
          .replace('</body>', () => `<script>${afterFirstPaint(entryScripts, route.scripts)}</script>\n  </body>`);
        if (!html.includes(ssr.PRERENDERED_ATTRIBUTE) || /<script type="module"|<link rel="modulepreload"/.test(html)) throw new Error('index.html changed: prerendering found no place for the page');
        return html;
      };
      const pages: Record<string, string> = {};
      for (const name of ssr.PRERENDERED_ROUTES) {
        const page = await ssr.renderPage(name);
        pages[page.path] = pageHtml(name, page);
      }
      // The certificate page is rendered on each request, with its data (ssr.renderCertificatePage fills the markers).
      const certificateTemplate = pageHtml('certificate', ssr.PAGE_MARKERS).replace('</body>', () => `${ssr.PAGE_MARKERS.data}\n  </body>`);
      // So is each country site's home page, with its site configuration (ssr.renderHomePage): its prices are in it.
      const homeTemplate = pageHtml('home', ssr.PAGE_MARKERS).replace('</body>', () => `${ssr.PAGE_MARKERS.data}\n  </body>`);
      const routes = [...routeChunks.values()];
      writeFileSync(join(distDir, PRERENDERED_FILE), JSON.stringify({ productDomains: ssr.PRODUCT_DOMAINS, routes, pages, certificateTemplate, homeTemplate }));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: isSsrBuild ? [react(), mantineVariables()] : [react(), stableMantineIds(), mantineVariables(), precompress(), prerender()],
  // libs/draw-engine runs in the browser for the certificate page's check; its `#rng` is the browser build of libs/rng.
  resolve: { alias: { '#rng': fileURLToPath(new URL('./src/features/certificates/verify/browser-rng.ts', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(manifest.version), __BUILD_YEAR__: String(new Date().getFullYear()) },
  build: isSsrBuild
    ? { outDir: ssrDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/download': 'http://localhost:3000' } },
}));
