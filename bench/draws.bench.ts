// Issue 8: the end-to-end time of a draw on the 300 MB entries file (6.3 million rows, ticket counts, one win per
// entrant, 1,000,000 winners): from submitdraw to the winners stored, through a real app on a real PostgreSQL. The
// upload, confirm details and advanced processing run first, as the wizard does before it submits.
import { openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../src/bootstrap/create-app.js';
import { BenchClient, type BenchFigure, type BenchSuite, mb, median, registerBenchAccount, residentBytes, round, startBenchServer, withBenchDatabase } from './bench-kit.js';
import { entriesFixture } from './uploads.bench.js';

const WINNERS = 1_000_000;
const RUNS = 3;
const TARGET_MS = 15_000;
const CLIENT_SESSION = 'draws-bench-session';
const BENCH_EMAIL = 'bench@example.com';
const BENCH_PASSWORD = 'bench password';

/** Issue 27: a million winners' results CSV downloads with the server's memory rising less than this. */
const DOWNLOAD_RSS_TARGET_MB = 100;

/**
 * Downloads a draw's results CSV as a browser does, reading and dropping each chunk, from the server running in its
 * own process (so that only the server's memory is measured, not this client's): the rise of the server's RSS,
 * sampled every 10 ms, over its RSS before the download starts.
 */
async function resultsDownload(client: BenchClient, serverPid: number, id: string): Promise<{ ms: number; bytes: number; rssRise: number }> {
  const before = residentBytes(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(serverPid));
  }, 10);
  const started = performance.now();
  try {
    const response = await fetch(`${client.base}/download/results/${id}`, { headers: { Cookie: client.cookie } });
    if (!response.ok || !response.body) throw new Error(`The results download answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    return { ms: performance.now() - started, bytes, rssRise: Math.max(peak, residentBytes(serverPid)) - before };
  } finally {
    clearInterval(sampler);
  }
}

const suite: BenchSuite = {
  name: 'draws',
  async run(): Promise<BenchFigure[]> {
    const fixture = await entriesFixture();
    return withBenchDatabase('draws', async ({ databaseUrl, dataDir }) => {
      const app = await createApp({ databaseUrl, env: { NODE_ENV: 'test', DATA_DIR: join(dataDir, 'app') }, logger: ['error'] });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const client = new BenchClient((await app.getUrl()).replace('[::1]', '127.0.0.1'));
      await registerBenchAccount(client, BENCH_EMAIL, BENCH_PASSWORD);
      await client.call('/api/account/buycredits/', { paymentOption: 1, currency: 'AUD', token: 'tok_visa' });

      const form = new FormData();
      form.append('clientSession', CLIENT_SESSION);
      form.append('file', await openAsBlob(fixture.path), 'entries.csv');
      const upload = (await client.call('/api/Upload', form)) as { serverFileName: string };
      const fileName = upload.serverFileName;
      await client.call('/api/draw/getConfirmDrawDetails', { fileName, advancedUpload: true, demoMode: false, clientSession: CLIENT_SESSION });
      await client.call('/api/draw/processAdvancedUpload', { fileName, clientSession: CLIENT_SESSION, headerRow: true, entryCountColumn: 2, uniqueEntrantIdColumn: 3 });

      const times: number[] = [];
      let rssPeak = 0;
      let lastId = '';
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const id = (await client.call('/api/draw/submitdraw/', {
          name: `Bench ${run}`,
          organisation: 'Bench Pty Ltd',
          entryMethod: 'uploadAdvanced',
          fileName,
          headerRowsIncluded: true,
          entryCountColumn: 2,
          entrantUniqueIdColumn: 3,
          oneWinPerEntrant: true,
          prizes: [{ description: 'Voucher', quantity: WINNERS, reserves: 0 }],
          paymentOption: 2,
          scheduleOption: 0,
          clientSession: CLIENT_SESSION,
        })) as string;
        times.push(performance.now() - started);
        lastId = id;
        rssPeak = Math.max(rssPeak, process.resourceUsage().maxRSS * 1024);
        const draw = (await client.call(`/api/draw/get/?id=${id}&clientSession=${CLIENT_SESSION}`)) as { state: string; prizes: { winnersAwarded: number }[] };
        if (draw.state !== 'drawn' || draw.prizes[0].winnersAwarded !== WINNERS) throw new Error(`Draw ${id} ended ${draw.state} with ${draw.prizes[0].winnersAwarded} winners`);
      }
      await app.close();

      // The download from the built server alone, as production runs it, signed in again there.
      const server = await startBenchServer({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: join(dataDir, 'app') });
      const downloads = [];
      try {
        const downloader = new BenchClient(server.base);
        await downloader.call('/api/account/login/', { email: BENCH_EMAIL, password: BENCH_PASSWORD });
        for (let run = 0; run < RUNS; run++) downloads.push(await resultsDownload(downloader, server.pid, lastId));
      } finally {
        await server.stop();
      }
      const downloadMs = downloads.map((download) => download.ms);
      return [
        {
          name: `results CSV of ${WINNERS.toLocaleString('en')} winners downloaded (streamed from the database): the server's RSS rise`,
          runs: RUNS,
          medianMs: round(median(downloadMs)),
          minMs: round(Math.min(...downloadMs)),
          maxMs: round(Math.max(...downloadMs)),
          csvMb: mb(downloads[0].bytes),
          rssRiseMb: mb(median(downloads.map((download) => download.rssRise))),
          rssRisesMb: downloads.map((download) => mb(download.rssRise)),
          targetRssRiseMb: DOWNLOAD_RSS_TARGET_MB,
        },
        {
          name: `submit → ${WINNERS.toLocaleString('en')} winners stored (${fixture.rows.toLocaleString('en')} rows, ${mb(fixture.bytes)} MB, tickets, one win per entrant)`,
          runs: RUNS,
          medianMs: round(median(times)),
          minMs: round(Math.min(...times)),
          maxMs: round(Math.max(...times)),
          targetMs: TARGET_MS,
          processPeakRssMb: mb(rssPeak),
        },
      ];
    });
  },
};

export default suite;
