// Lighthouse (npm `lighthouse` driving Debian's Chromium) on home, a generator and an information page, on the
// production build served by the real app. Desktop settings (Lighthouse's desktop preset, its simulated throttling)
// and the mobile default are both recorded; the bar is 90 in every category.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createApp } from '../src/bootstrap/create-app.js';
import { ensureDatabase, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';
import type { BenchFigure, BenchSuite } from './bench-kit.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// The public certificate page is another issue's; until it exists here, an information page stands in for it.
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'random number generator', path: '/random-number-generator/' },
  { name: 'faqs (information page)', path: '/faqs/' },
];

const suite: BenchSuite = {
  name: 'lighthouse',
  async run(): Promise<BenchFigure[]> {
    if (!existsSync('client/dist/index.html')) execFileSync('npm', ['run', 'build:client'], { stdio: 'inherit' });
    const dataDir = await mkdtemp(join(tmpdir(), 'fairdraw-bench-'));
    const database = await startEmbeddedPostgres({ dataDir });
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      await ensureDatabase(database.serverUrl, 'bench');
      const app = await createApp({ databaseUrl: database.urlFor('bench'), logger: false, env: { NODE_ENV: 'development', DATA_DIR: dataDir } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      // localhost: an allowed host name of the client.
      const base = (await app.getUrl()).replace('127.0.0.1', 'localhost');
      const figures: BenchFigure[] = [];
      try {
        for (const form of ['desktop', 'mobile'] as const) {
          for (const page of PAGES) {
            const started = performance.now();
            const result = await lighthouse(
              base + page.path,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
              form === 'desktop' ? desktopConfig : undefined,
            );
            const elapsed = performance.now() - started;
            if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
            const { categories, audits } = result.lhr;
            const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
            const failing = Object.values(audits)
              .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
              .map((audit) => audit.id);
            figures.push({
              name: `${page.name} (${form})`,
              runs: 1,
              medianMs: Math.round(elapsed),
              minMs: Math.round(elapsed),
              maxMs: Math.round(elapsed),
              scores,
              allAtLeast90: Object.values(scores).every((score) => score >= 90),
              firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
              largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
              totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
              cumulativeLayoutShift: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
              failingAudits: failing,
            });
          }
        }
      } finally {
        await app.close();
      }
      return figures;
    } finally {
      chrome.kill();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

export default suite;
