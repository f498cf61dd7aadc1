// Lighthouse (npm `lighthouse` driving Debian's Chromium) on home, a generator and the public certificate page of a
// real drawn draw, on the production build served by the real app. Desktop settings (Lighthouse's desktop preset, its simulated throttling)
// and the mobile default are both recorded; the issue's bar is 90 in every category. Each figure is the median of
// LIGHTHOUSE_RUNS runs (3), with every run's performance score and total blocking time beside it; a run Lighthouse
// could not score shows as null, with its reason under `unscoredRuns`, and is left out of the medians.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createApp } from '../src/bootstrap/create-app.js';
import { ensureDatabase, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';
import { type BenchFigure, type BenchSuite, median } from './bench-kit.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
// LIGHTHOUSE_ONLY=<part of a page name> audits only the pages whose name holds it (while working on one page).
const ONLY = process.env.LIGHTHOUSE_ONLY;
// Runs per page and form factor: one run's performance score swings by ten points on this shared machine, so the
// figures are medians (LIGHTHOUSE_RUNS=1 while working on a page).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'random number generator', path: '/random-number-generator/' },
];

/** Registers a customer, submits a demo draw drawn at once and answers its public certificate's path. */
async function drawnCertificatePath(base: string): Promise<string> {
  let cookie = '';
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(cookie && { Cookie: cookie }), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  await call('/api/account/register/', {
    email: 'lighthouse@example.com',
    password: 'lighthouse bench password',
    firstName: 'Light',
    lastName: 'House',
    isAgent: false,
    optedIntoCommunication: false,
    termsAgreed: true,
  });
  const id = await call<string>('/api/draw/submitdraw/', {
    name: 'Spring giveaway',
    organisation: 'Bench Pty Ltd',
    entryMethod: 'simple',
    entriesCount: 1000,
    prizes: [{ description: 'Bike', quantity: 3, reserves: 2 }],
    paymentOption: 4,
    scheduleOption: 0,
    scheduleTimezone: 'Australia/Sydney',
  });
  const draw = await call<{ state: string; shortCode: string | null }>(`/api/draw/get/?id=${id}`);
  if (draw.state !== 'drawn' || !draw.shortCode) throw new Error(`Draw ${id} ended ${draw.state} without a certificate`);
  return `/cert/${draw.shortCode}/`;
}

/** One Lighthouse run's figures. */
interface RunResult {
  elapsedMs: number;
  scores: Record<(typeof CATEGORIES)[number], number>;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  failingAudits: string[];
  /** Why Lighthouse gave no performance score, when it gave none. */
  unscored?: string;
}

const PERFORMANCE_METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** Lighthouse's own reason for a run without a performance score: its runtime error, or the metrics it could not measure. */
function unscoredReason(lhr: { runtimeError?: { code: string; message: string }; audits: Record<string, { scoreDisplayMode?: string; errorMessage?: string }> }): string {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const failed = PERFORMANCE_METRICS.filter((id) => lhr.audits[id]?.scoreDisplayMode === 'error').map((id) => `${id}: ${lhr.audits[id].errorMessage ?? 'error'}`);
  return failed.length > 0 ? failed.join('; ') : 'no performance score, no error given';
}

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
      /** One Lighthouse run of `url`; `reportName` keeps its full report in LIGHTHOUSE_REPORTS (the first run's). */
      const audit = async (url: string, form: 'desktop' | 'mobile', reportName?: string): Promise<RunResult> => {
        const started = performance.now();
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, form === 'desktop' ? desktopConfig : undefined);
        const elapsedMs = performance.now() - started;
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        // LIGHTHOUSE_REPORTS=<dir> keeps each page's first full report, to see what costs the points, and any run
        // Lighthouse could not score (its runtimeError says why).
        const unscored = result.lhr.categories.performance?.score == null;
        if (REPORTS_DIR && (reportName || unscored)) {
          await mkdir(REPORTS_DIR, { recursive: true });
          const file = `${reportName ?? `${url.replace(/^.*\/\/[^/]+/, '')} (${form})`}${unscored ? ` unscored ${Date.now()}` : ''}.json`;
          await writeFile(join(REPORTS_DIR, file.replace(/[^\w(). -]/g, '_')), JSON.stringify(result.lhr));
        }
        const { categories, audits } = result.lhr;
        return {
          elapsedMs,
          scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as RunResult['scores'],
          firstContentfulPaintMs: audits['first-contentful-paint']?.numericValue ?? 0,
          largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? 0,
          totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? 0,
          cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue ?? 0,
          unscored: unscored ? unscoredReason(result.lhr) : undefined,
          failingAudits: Object.values(audits)
            .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
            .map((audit) => audit.id),
        };
      };
      try {
        const pages = [...PAGES, { name: 'public certificate (demo draw, 3 winners)', path: await drawnCertificatePath(base) }];
        for (const form of ['desktop', 'mobile'] as const) {
          for (const page of pages.filter((candidate) => !ONLY || candidate.name.includes(ONLY))) {
            const runs: RunResult[] = [];
            for (let run = 0; run < RUNS; run++) runs.push(await audit(base + page.path, form, run === 0 ? `${page.name} (${form})` : undefined));
            const elapsed = runs.map((result) => result.elapsedMs);
            // A run Lighthouse could not score says nothing of the page: the medians are of the scored runs, and
            // such a run is listed with Lighthouse's reason.
            const scored = runs.some((result) => !result.unscored) ? runs.filter((result) => !result.unscored) : runs;
            const of = (pick: (result: RunResult) => number) => median(scored.map(pick));
            const scores = Object.fromEntries(CATEGORIES.map((id) => [id, of((result) => result.scores[id])]));
            figures.push({
              name: `${page.name} (${form})`,
              runs: RUNS,
              medianMs: Math.round(median(elapsed)),
              minMs: Math.round(Math.min(...elapsed)),
              maxMs: Math.round(Math.max(...elapsed)),
              // Each category's median score over the runs, and each run's performance score.
              scores,
              performanceRuns: runs.map((result) => (result.unscored ? null : result.scores.performance)),
              ...(runs.some((result) => result.unscored) && { unscoredRuns: runs.flatMap((result) => (result.unscored ? [result.unscored] : [])) }),
              allAtLeast90: Object.values(scores).every((score) => score >= 90),
              firstContentfulPaintMs: Math.round(of((result) => result.firstContentfulPaintMs)),
              largestContentfulPaintMs: Math.round(of((result) => result.largestContentfulPaintMs)),
              totalBlockingTimeMs: Math.round(of((result) => result.totalBlockingTimeMs)),
              totalBlockingTimeRunsMs: runs.map((result) => Math.round(result.totalBlockingTimeMs)),
              cumulativeLayoutShift: Math.round(of((result) => result.cumulativeLayoutShift) * 1000) / 1000,
              failingAudits: [...new Set(runs.flatMap((result) => result.failingAudits))],
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
