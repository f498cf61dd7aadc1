// The generators at their limits: 1,000,000 unique numbers in 0 … 10^18 − 1, and a sequence of 1,000,000.
// - server time: the application service called in-process (rules, generation, preview, histogram, the stored
//   request), which is also how long the request holds the event loop;
// - peak memory: the same work once in a fresh Node process, as the rise of its peak RSS over its resting RSS;
// - one HTTP round trip through a real app (JSON answer), and the download of the whole file.
// Targets (issue 4): under 1.5 s and 300 MB for the unique numbers, under 0.5 s for the sequence.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/bootstrap/create-app.js';
import { RandomNumbersService } from '../src/tools/application/random-numbers.service.js';
import { type BenchFigure, type BenchSuite, mb, measure, round, withBenchDatabase } from './bench-kit.js';

const RUNS = 5;

interface Case {
  name: string;
  body: Record<string, unknown>;
  targetMs: number;
  targetMb?: number;
}

const CASES: Case[] = [
  {
    name: '1,000,000 unique numbers in 0 … 10^18 − 1',
    body: { mode: 'numbers', count: 1_000_000, lowerLimit: '0', upperLimit: '999999999999999999', uniqueOption: true, seed: 'bench unique' },
    targetMs: 1500,
    targetMb: 300,
  },
  {
    name: 'a sequence of 1,000,000',
    body: { mode: 'sequence', lowerLimit: '1', upperLimit: '1000000', seed: 'bench sequence' },
    targetMs: 500,
  },
];

let visitors = 0;
const nextVisitor = () => `10.99.${(++visitors >> 8) & 255}.${visitors & 255}`;

/** The generation of one request in a fresh Node process: its time and how far it raised the peak RSS. */
function peakMemory(body: Record<string, unknown>): { ms: number; restingMb: number; peakRiseMb: number } {
  const domain = (file: string) => new URL(`../src/tools/domain/${file}`, import.meta.url).href;
  const script = `
    const { checkRngRequest } = await import(${JSON.stringify(new URL('../libs/rules/src/index.js', import.meta.url).href)});
    const { generateRng } = await import(${JSON.stringify(domain('rng-generation.js'))});
    const { previewOf, histogramOf } = await import(${JSON.stringify(domain('rng-output.js'))});
    const verdict = checkRngRequest(${JSON.stringify(body)});
    // Warm the code paths on a small request, then measure from a collected heap.
    generateRng({ ...verdict.request, count: Math.min(1000, verdict.request.count), upper: verdict.request.mode === 'sequence' ? verdict.request.lower + 999n : verdict.request.upper });
    globalThis.gc();
    const resting = process.memoryUsage().rss;
    const started = performance.now();
    const result = generateRng(verdict.request);
    previewOf(result, verdict.request.mode);
    if (verdict.request.mode === 'numbers') histogramOf(result, verdict.request.lower, verdict.request.upper);
    const ms = performance.now() - started;
    const peak = process.resourceUsage().maxRSS * 1024;
    process.stdout.write(JSON.stringify({ ms, resting, peak }));
  `;
  const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  const { ms, resting, peak } = JSON.parse(output.toString()) as { ms: number; resting: number; peak: number };
  return { ms: round(ms), restingMb: mb(resting), peakRiseMb: mb(Math.max(0, peak - resting)) };
}

const suite: BenchSuite = {
  name: 'tools',
  async run(): Promise<BenchFigure[]> {
    return withBenchDatabase('tools', async ({ databaseUrl, dataDir }) => {
      const figures: BenchFigure[] = [];
      const app = await createApp({ databaseUrl, logger: false, env: { TRUST_PROXY: 'loopback', CLIENT_DIST_DIR: join(dataDir, 'no-client') } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      const numbers = app.get(RandomNumbersService);

      for (const benchCase of CASES) {
        const memory = peakMemory(benchCase.body);
        let lastFileName = '';
        const service = await measure(`${benchCase.name}: application service in-process`, RUNS, async () => {
          const request = await numbers.check(benchCase.body);
          lastFileName = (await numbers.generate(request, nextVisitor())).fileName;
        });
        figures.push({
          ...service,
          targetMs: benchCase.targetMs,
          withinTime: service.medianMs < benchCase.targetMs,
          freshProcessMs: memory.ms,
          freshProcessRestingMb: memory.restingMb,
          peakMemoryRiseMb: memory.peakRiseMb,
          ...(benchCase.targetMb ? { targetMb: benchCase.targetMb, withinMemory: memory.peakRiseMb < benchCase.targetMb } : {}),
        });

        let responseBytes = 0;
        const http = await measure(`${benchCase.name}: POST /api/tools/GenerateRandomNumbers over HTTP`, 3, async () => {
          const response = await fetch(`${base}/api/tools/GenerateRandomNumbers`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextVisitor() },
            body: JSON.stringify(benchCase.body),
          });
          const text = await response.text();
          if (!response.ok) throw new Error(`answered ${response.status}: ${text}`);
          responseBytes = text.length;
        });
        figures.push({ ...http, responseKb: round(responseBytes / 1024, 1) });

        let fileBytes = 0;
        const download = await measure(`${benchCase.name}: GET the whole CSV (regenerated and streamed)`, 3, async () => {
          const response = await fetch(`${base}/download/numbers/${lastFileName}.csv`);
          if (!response.ok) throw new Error(`answered ${response.status}`);
          fileBytes = 0;
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) fileBytes += chunk.length;
        });
        figures.push({ ...download, fileMb: mb(fileBytes) });
      }
      await app.close();
      return figures;
    });
  },
};

export default suite;
