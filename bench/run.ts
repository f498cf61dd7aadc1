// `npm run bench`: runs every suite (or those named on the command line) and prints one JSON document.
import type { BenchSuite } from './bench-kit.js';

// In-process figures first: the later suites start servers, which would blur the peak-RSS figures.
const suites: Record<string, () => Promise<{ default: BenchSuite }>> = {
  drawEngine: () => import('./draw-engine.bench.js'),
  rng: () => import('./rng.bench.js'),
  tools: () => import('./tools.bench.js'),
  uploads: () => import('./uploads.bench.js'),
  draws: () => import('./draws.bench.js'),
  http: () => import('./http.bench.js'),
  publication: () => import('./publication.bench.js'),
  load: () => import('./load.bench.js'),
  admin: () => import('./admin.bench.js'),
  lighthouse: () => import('./lighthouse.bench.js'),
};

const wanted = process.argv.slice(2);
const report: Record<string, unknown> = { node: process.version, date: new Date().toISOString(), suites: {} };
for (const [name, load] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const suite = (await load()).default;
  (report.suites as Record<string, unknown>)[name] = await suite.run();
}
process.stdout.write(JSON.stringify(report, null, 2) + '\n');
