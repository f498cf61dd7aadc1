import { runDraw } from '#draw-engine';
import { type CertifiedSeed, checkSeed, createSeededSource } from '#rng';
import { type CertificateLog, checkDrawLog, resultsSha256 } from '#transparency-log';
import { type ByteSource, type Delimiter, readEntriesFile } from '#entries-file';

/** What verification reads from the certificate (the public certificate JSON, GET /api/certificate/{shortCode}). */
export interface CertifiedDraw extends CertifiedSeed {
  shortCode?: string;
  drawId?: string;
  /** The draw's entries in the public draw log with their proofs (absent from certificates of draws made before it). */
  log?: CertificateLog | null;
  entryMethod: 'simple' | 'upload' | 'uploadAdvanced';
  entryCount: number;
  headerRow: boolean;
  entryCountColumn: number | null;
  uniqueEntrantIdColumn: number | null;
  oneWinPerEntrant: boolean;
  delimiter: string | null;
  prizes: { description?: string; quantity: number; reserves: number; winners: number[]; reserveWinners: number[] }[];
  entriesSha256: string | null;
}

interface VerifyCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface VerifyReport {
  match: boolean;
  checks: VerifyCheck[];
}

/**
 * docs/verification.md as one function: the seed checks of the draw's scheme (libs/rng `checkSeed`: commitment, beacon
 * round time, signature and randomness), the entries file against its SHA-256, then the draw engine re-run on the
 * file's rows with the seed, prize by prize, against the certificate's winners. Every failing check is named.
 * `given`: the verifier's own server seed (`beacon/1`) or seed (`seed/1`); the certificate's revealed ones otherwise.
 */
export async function verifyDraw(draw: CertifiedDraw, given: { serverSeed?: string; seed?: string }, entries: { source: ByteSource; extension: string } | null): Promise<VerifyReport> {
  const { checks, seed: seedBytes } = checkSeed(draw, given);
  if (!seedBytes) return { match: false, checks };

  let entryCount = draw.entryCount;
  let tickets: Uint32Array | undefined;
  let entrantOf: Uint32Array | undefined;
  if (draw.entryMethod !== 'simple') {
    if (!entries) return { match: false, checks: [...checks, { name: 'Entries file', ok: false, detail: 'This draw ran on an entries file: give it with --entries.' }] };
    let reading;
    try {
      reading = await readEntriesFile(
        entries.source,
        entries.extension,
        { headerRow: draw.headerRow, entryCountColumn: draw.entryCountColumn, uniqueEntrantIdColumn: draw.uniqueEntrantIdColumn },
        (draw.delimiter ?? undefined) as Delimiter | undefined,
      );
    } catch (error) {
      return { match: false, checks: [...checks, { name: 'Entries file', ok: false, detail: `The file cannot be read as the draw read it: ${(error as Error).message}` }] };
    }
    checks.push({ name: 'Entries file SHA-256', ok: reading.sha256 === draw.entriesSha256, detail: `The file's SHA-256 is ${reading.sha256}; the certificate's is ${draw.entriesSha256}` });
    const rows = reading.pass.selection!;
    entryCount = rows.entryRowCount;
    tickets = rows.tickets ?? undefined;
    entrantOf = rows.entrantOf ?? undefined;
    checks.push({ name: 'Entry rows', ok: entryCount === draw.entryCount, detail: `The file has ${entryCount} entry rows; the certificate states ${draw.entryCount}` });
  }

  let outcome;
  try {
    outcome = runDraw(
      { entryCount, tickets, entrantOf, prizes: draw.prizes.map(({ quantity, reserves }) => ({ quantity, reserves })), oneWinPerEntrant: draw.oneWinPerEntrant },
      createSeededSource(seedBytes),
    );
  } catch (error) {
    return { match: false, checks: [...checks, { name: 'Re-run', ok: false, detail: `The draw engine refused the input: ${(error as Error).message}` }] };
  }
  draw.prizes.forEach((prize, index) => {
    for (const [kind, certified, picked] of [
      ['winners', prize.winners, outcome.prizes[index].winners],
      ['reserves', prize.reserveWinners, outcome.prizes[index].reserves],
    ] as const) {
      // The certificate lists the first winners of each prize (1,000 at most, fewer with many prizes); those are compared.
      const rerun = picked.slice(0, certified.length).map((row) => row + 1);
      const ok = rerun.length === certified.length && rerun.every((n, i) => n === certified[i]);
      checks.push({ name: `Prize ${index + 1} ${kind}`, ok, detail: ok ? `Entries ${summary(certified)}` : `The certificate has ${summary(certified)}; the re-run gives ${summary(rerun)}` });
    }
  });
  if (draw.log && draw.drawId) {
    const results = resultsSha256(outcome.prizes.map((prize) => ({ winners: prize.winners.map((row) => row + 1), reserves: prize.reserves.map((row) => row + 1) })));
    checks.push(
      ...checkDrawLog(
        { drawId: draw.drawId, seedHash: draw.seedHash, beaconRound: draw.beacon?.round ?? null, terms: termsOf(draw), entriesSha256: draw.entriesSha256, beaconChain: draw.beacon?.chainHash ?? null },
        draw.log,
        results,
      ),
    );
  }
  return { match: checks.every((check) => check.ok), checks };
}

/** The prizes and options as the log's commitment digests them (libs/transparency-log termsSha256). */
function termsOf(draw: CertifiedDraw) {
  return {
    prizes: draw.prizes.map(({ description, quantity, reserves }) => ({ description: description ?? '', quantity, reserves })),
    entryMethod: draw.entryMethod,
    entryCount: draw.entryCount,
    headerRow: draw.headerRow,
    entryCountColumn: draw.entryCountColumn,
    uniqueEntrantIdColumn: draw.uniqueEntrantIdColumn,
    oneWinPerEntrant: draw.oneWinPerEntrant,
  };
}

function summary(numbers: readonly number[]): string {
  if (numbers.length === 0) return 'none';
  return numbers.length <= 10 ? numbers.join(', ') : `${numbers.slice(0, 10).join(', ')} … (${numbers.length})`;
}
