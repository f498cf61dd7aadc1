// Throughput of a bare API route through the production pipeline (Nest on Fastify), on a throwaway database.
import { createApp } from '../src/bootstrap/create-app.js';
import { type BenchFigure, type BenchSuite, median, round, withBenchDatabase } from './bench-kit.js';

const CONNECTIONS = 50;
const DURATION_MS = 3000;

async function requestsPerSecond(url: string): Promise<number> {
  let done = 0;
  const deadline = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < deadline) {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      done++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return done / ((performance.now() - start) / 1000);
}

const suite: BenchSuite = {
  name: 'http',
  async run(): Promise<BenchFigure[]> {
    return withBenchDatabase('http', async ({ databaseUrl }) => {
      const app = await createApp({ databaseUrl, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = await app.getUrl();
      const figures: BenchFigure[] = [];
      for (const path of ['/api/version/get', '/api/site/configuration']) {
        const rates: number[] = [];
        for (let i = 0; i < 3; i++) rates.push(await requestsPerSecond(base + path));
        figures.push({
          name: `GET ${path} (${CONNECTIONS} concurrent, in-process client)`,
          runs: rates.length,
          medianMs: round(1000 / median(rates), 3),
          minMs: round(1000 / Math.max(...rates), 3),
          maxMs: round(1000 / Math.min(...rates), 3),
          requestsPerSecond: round(median(rates), 0),
        });
      }
      await app.close();
      return figures;
    });
  },
};

export default suite;
