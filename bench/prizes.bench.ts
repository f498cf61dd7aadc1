// Review of scale (stop 41): a draw of many prizes. A prize shows its first 1,000 winners, but a draw may have 1,000
// prizes, so "the first 1,000 of each" can be every one of a million winners. Through a real app on a real
// PostgreSQL: a draw of one prize of a million winners, and of 100, 300 and 1,000 prizes of 1,000 winners each (a
// million winners and entries at most), drawn at once, then the first read of the
// draw page's answer, the public certificate data and the certificate PDF with winners. For each: its time, the
// longest the event loop was blocked meanwhile (every other request waits that long) and the answer's size.
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../src/bootstrap/create-app.js';
import { BenchClient, type BenchFigure, type BenchSuite, mb, median, registerBenchAccount, round, withBenchDatabase } from './bench-kit.js';

/** Draws as prizes × winners each (BENCH_PRIZES, say `1x1000000,100x1000`): one prize of a million, then many prizes. */
const CASES = (process.env.BENCH_PRIZES ?? '1x1000000,100x1000,300x1000,1000x1000').split(',').map((c) => c.split('x').map(Number) as [number, number]);
const RUNS = 3;
const CLIENT_SESSION = 'prizes-bench-session';

interface Sample {
  ms: number;
  blockedMs: number;
  bytes: number;
}

async function timed(client: BenchClient, path: string): Promise<Sample> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const response = await fetch(client.base + path, { headers: { Cookie: client.cookie } });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  delay.disable();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  // Each read as it ends (stderr): a slow case is seen before the suite's JSON at its end.
  process.stderr.write(`${path.split('?')[0]}: ${round(ms)} ms, event loop blocked up to ${round(delay.max / 1e6)} ms, ${mb(body.byteLength)} MB\n`);
  return { ms, blockedMs: delay.max / 1e6, bytes: body.byteLength };
}

const suite: BenchSuite = {
  name: 'prizes',
  run: () =>
    withBenchDatabase('prizes', async ({ databaseUrl, dataDir }) => {
      const figures: BenchFigure[] = [];
      const app = await createApp({ databaseUrl, env: { NODE_ENV: 'test', DATA_DIR: join(dataDir, 'app') }, logger: ['error'] });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const client = new BenchClient((await app.getUrl()).replace('[::1]', '127.0.0.1'));
      await registerBenchAccount(client, 'prizes-bench@example.com');
      // A pack of 10 credits for each 3 cases (3 draws each).
      for (let pack = 0; pack < Math.ceil(CASES.length / 3); pack++) await client.call('/api/account/buycredits/', { paymentOption: 1, currency: 'AUD', token: 'tok_visa' });
      for (const [prizeCount, perPrize] of CASES) {
        const samples: Record<'page' | 'certificate' | 'pdf', Sample[]> = { page: [], certificate: [], pdf: [] };
        for (let run = 0; run < RUNS; run++) {
          const id = (await client.call('/api/draw/submitdraw/', {
            name: `Prizes ${prizeCount} ${run}`,
            organisation: 'Bench Pty Ltd',
            entryMethod: 'simple',
            entriesCount: 1_000_000,
            prizes: Array.from({ length: prizeCount }, (_, i) => ({ description: `Prize ${i + 1}`, quantity: perPrize, reserves: 0 })),
            paymentOption: 2,
            scheduleOption: 0,
            clientSession: CLIENT_SESSION,
          })) as string;
          samples.page.push(await timed(client, `/api/draw/get/?id=${id}&clientSession=${CLIENT_SESSION}`));
          const { shortCode } = (await client.call(`/api/draw/get/?id=${id}&clientSession=${CLIENT_SESSION}`)) as { shortCode: string };
          samples.certificate.push(await timed(client, `/api/certificate/${shortCode}`));
          samples.pdf.push(await timed(client, `/download/certificatewinners/${id}`));
        }
        for (const [what, list] of Object.entries(samples)) {
          const ms = list.map((sample) => sample.ms);
          figures.push({
            name: `${prizeCount} prizes of ${perPrize} winners: ${what} (first read)`,
            runs: RUNS,
            medianMs: round(median(ms)),
            minMs: round(Math.min(...ms)),
            maxMs: round(Math.max(...ms)),
            eventLoopBlockedMedianMs: round(median(list.map((sample) => sample.blockedMs))),
            answerMb: mb(list[0].bytes),
          });
        }
      }
      await app.close();
      return figures;
    }),
};

export default suite;
