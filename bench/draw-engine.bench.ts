// The draw engine's issue-3 figures: weighted draws over 6.3M rows with one win per entrant, and a simple
// draw of 1M from 1M. Inputs are generated from a fixed seed so every run draws the same thing.
import { runDraw, type DrawInput } from '#draw-engine';
import { createSeededSource, uniformInt } from '#rng';
import { mb, measure, round, type BenchFigure, type BenchSuite } from './bench-kit.js';

const ROWS = 6_300_000;
const ENTRANTS = 3_150_000;
const RUNS = 5;

/** Ticket counts 1-10 and entrant ids scattered at random over the file (~2 rows per entrant). */
function weightedInput(): { tickets: Uint8Array; entrantOf: Uint32Array } {
  const source = createSeededSource('fairdraw bench input');
  const tickets = new Uint8Array(ROWS);
  const entrantOf = new Uint32Array(ROWS);
  for (let r = 0; r < ROWS; r++) {
    tickets[r] = 1 + uniformInt(source, 10);
    entrantOf[r] = uniformInt(source, ENTRANTS);
  }
  return { tickets, entrantOf };
}

function oneWinDraw(base: { tickets: Uint8Array; entrantOf: Uint32Array }, winners: number): DrawInput {
  return { entryCount: ROWS, ...base, prizes: [{ quantity: winners, reserves: 0 }], oneWinPerEntrant: true };
}

function draw(input: DrawInput): number {
  return runDraw(input, createSeededSource('fairdraw bench draw')).prizes[0].winners.length;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Heap + ArrayBuffer growth across one draw (garbage included: no GC is forced until it returns). */
function memoryFigure(name: string, input: DrawInput, targetMb: number): BenchFigure {
  gc?.();
  const before = process.memoryUsage();
  const rssBefore = process.resourceUsage().maxRSS;
  const start = process.hrtime.bigint();
  draw(input);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const after = process.memoryUsage();
  const rssAfter = process.resourceUsage().maxRSS;
  const growth = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
  return {
    name,
    runs: 1,
    medianMs: round(ms),
    minMs: round(ms),
    maxMs: round(ms),
    memoryGrowthMb: mb(growth),
    peakRssGrowthMb: mb((rssAfter - rssBefore) * 1024),
    targetMb,
    withinTarget: mb(growth) < targetMb,
    gcExposed: gc !== undefined,
  };
}

/**
 * The machine's floor for the one-win case: nanoseconds per dependent random read (each address comes from the
 * previous read, as a pick's row decides where its entrant's other rows are) in arrays the size of the engine's
 * (the 6.3 MB leaf counts, the 25 MB per-row entrant index). A one-win pick has at least two such reads in a chain
 * before the next pick can start, so 1M picks cannot take less than 2M of these on this machine.
 */
async function dependentReads(megabytes: number): Promise<BenchFigure> {
  const length = megabytes * 262_144;
  const next = new Int32Array(length);
  for (let i = 0; i < length; i++) next[i] = i;
  // Sattolo's shuffle: one cycle through every cell, so the chain never settles in a cached loop.
  const source = createSeededSource('fairdraw bench chase');
  for (let i = length - 1; i > 0; i--) {
    const j = uniformInt(source, i);
    const swap = next[i];
    next[i] = next[j];
    next[j] = swap;
  }
  const steps = 2_000_000;
  let at = 0;
  const figure = await measure(`machine floor: ${steps.toLocaleString('en')} dependent random reads in a ${megabytes} MB array (informative)`, RUNS, () => {
    for (let s = 0; s < steps; s++) at = next[at];
  });
  // endedAt keeps the chain's result alive, so the loop cannot be optimised away.
  return { ...figure, medianNsPerRead: round((figure.medianMs * 1e6) / steps, 1), endedAt: at };
}

async function timed(name: string, targetMs: number, fn: () => unknown): Promise<BenchFigure> {
  const figure = await measure(name, RUNS, fn, { targetMs });
  return { ...figure, withinTarget: figure.medianMs < targetMs };
}

const drawEngineSuite: BenchSuite = {
  name: 'drawEngine',
  async run() {
    const base = weightedInput();
    const inputBytes = base.tickets.byteLength + base.entrantOf.byteLength;
    const figures: BenchFigure[] = [];
    // First, while the process's peak RSS is still the input's.
    figures.push({
      ...memoryFigure('memory: 1M winners from 6.3M weighted rows, one win per entrant', oneWinDraw(base, 1_000_000), 200),
      inputMb: mb(inputBytes),
    });
    figures.push(await timed('1M winners from 6.3M weighted rows, one win per entrant', 500, () => draw(oneWinDraw(base, 1_000_000))));
    figures.push(await timed('10k winners from 6.3M weighted rows, one win per entrant', 200, () => draw(oneWinDraw(base, 10_000))));
    // Informative: where the time of the one-win case goes (entrant lookups at random rows).
    figures.push(
      await timed('1M winners from the same rows without one win per entrant (informative)', 500, () => draw({ ...oneWinDraw(base, 1_000_000), entrantOf: undefined, oneWinPerEntrant: false })),
    );
    const clustered = { tickets: base.tickets, entrantOf: base.entrantOf.map((_, r) => r >> 1) };
    figures.push(await timed('1M winners, one win per entrant, each entrant on two adjacent rows (informative)', 500, () => draw(oneWinDraw(clustered, 1_000_000))));
    figures.push(await timed('simple draw: 1M winners from 1M entries', 200, () => draw({ entryCount: 1_000_000, prizes: [{ quantity: 1_000_000, reserves: 0 }], oneWinPerEntrant: true })));
    figures.push(
      await timed('simple draw: 10k winners from 100M entries (informative)', 50, () => draw({ entryCount: 100_000_000, prizes: [{ quantity: 10_000, reserves: 0 }], oneWinPerEntrant: false })),
    );
    figures.push(await dependentReads(6), await dependentReads(25));
    return figures;
  },
};

export default drawEngineSuite;
