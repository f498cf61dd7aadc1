// `npm run bench`: runs every suite (or those named on the command line) and prints one JSON document. Each suite runs
// in a process of its own: Nest apps register global state (passport's serialisers among it) that a second app in the
// same process would share, and each suite's peak-RSS figures then start from a clean process.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchSuite } from './bench-kit.js';

const suites: Record<string, () => Promise<{ default: BenchSuite }>> = {
  drawEngine: () => import('./draw-engine.bench.js'),
  rng: () => import('./rng.bench.js'),
  beacon: () => import('./beacon.bench.js'),
  drawLog: () => import('./draw-log.bench.js'),
  tools: () => import('./tools.bench.js'),
  uploads: () => import('./uploads.bench.js'),
  entries: () => import('./entries.bench.js'),
  draws: () => import('./draws.bench.js'),
  http: () => import('./http.bench.js'),
  publication: () => import('./publication.bench.js'),
  load: () => import('./load.bench.js'),
  admin: () => import('./admin.bench.js'),
  prizes: () => import('./prizes.bench.js'),
  lighthouse: () => import('./lighthouse.bench.js'),
};

const ONE_SUITE = '--one-suite';
const args = process.argv.slice(2);

if (args[0] === ONE_SUITE) {
  const suite = (await suites[args[1]]()).default;
  process.stdout.write(JSON.stringify(await suite.run()));
} else {
  const unknown = args.filter((name) => !(name in suites));
  if (unknown.length) throw new Error(`Unknown bench suite ${unknown.join(', ')}; the suites are ${Object.keys(suites).join(', ')}.`);
  const report: Record<string, unknown> = { node: process.version, date: new Date().toISOString(), suites: {} };
  for (const name of Object.keys(suites)) {
    if (args.length && !args.includes(name)) continue;
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ONE_SUITE, name], {
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`Bench suite ${name} failed (exit ${child.status ?? child.signal}).`);
    (report.suites as Record<string, unknown>)[name] = JSON.parse(child.stdout.toString());
  }
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
}
