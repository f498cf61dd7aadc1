import { runDraw } from '../../../../../libs/draw-engine/src/index';
import { checkSeed } from '../../../../../libs/rng/src/seed-checks';
import { checkDrawLog } from '../../../../../libs/transparency-log/src/draw-checks';
import { resultsSha256 } from '../../../../../libs/transparency-log/src/digests';
import type { Delimiter } from '../../../../../libs/entries-file/src/delimiter';
import { readEntriesFile } from '../../../../../libs/entries-file/src/read-entries-file';
import type { CertificateResponseDto } from '../../../api/certificate-api';
import { seededSourceFromKey } from './chacha20';

export interface BrowserCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** What the visitor may type instead of the certificate's revealed values, to check their own copy. */
export interface GivenSeeds {
  serverSeed?: string;
  seed?: string;
  signature?: string;
}

/**
 * The check of `npm run verify`, in the visitor's browser: the seed checks of the draw's scheme (libs/rng `checkSeed`:
 * commitment, beacon round time, signature, randomness), the file hashed and read here by libs/entries-file (the
 * reader of the server and of npm run verify), never uploaded; then the draw engine (libs/draw-engine) runs again
 * with the seed and its winners are compared with the certificate's.
 */
export async function verifyInBrowser(cert: CertificateResponseDto, file: ArrayBuffer | null, given: GivenSeeds = {}): Promise<BrowserCheck[]> {
  const certified = cert.beacon && given.signature !== undefined ? { ...cert, beacon: { ...cert.beacon, signature: given.signature } } : cert;
  const { checks, seed } = checkSeed(certified, { serverSeed: given.serverSeed, seed: given.seed });
  if (!seed) return checks;
  const key = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(seed)));
  let rows: { entryCount: number; tickets?: Uint32Array; entrantOf?: Uint32Array } = { entryCount: cert.entryCount };
  if (cert.entryMethod !== 'simple') {
    if (!file) return [...checks, { name: 'Entries file', ok: false, detail: 'Choose the entries file the draw ran on.' }];
    const shaCheck = (sha256: string) => ({ name: 'Entries file SHA-256', ok: sha256 === cert.entriesSha256, detail: `Your file's SHA-256 is ${sha256}` });
    // The reader of npm run verify and of the server (libs/entries-file), on the file's bytes, never uploaded.
    let reading;
    try {
      reading = await readEntriesFile(
        async function* () {
          yield new Uint8Array(file);
        },
        'txt',
        { headerRow: cert.headerRow, entryCountColumn: cert.entryCountColumn ?? null, uniqueEntrantIdColumn: cert.uniqueEntrantIdColumn ?? null },
        (cert.delimiter ?? ',') as Delimiter,
      );
    } catch (error) {
      const sha256 = hex(await crypto.subtle.digest('SHA-256', file));
      return [...checks, shaCheck(sha256), { name: 'Entries file', ok: false, detail: (error as Error).message }];
    }
    checks.push(shaCheck(reading.sha256));
    const selected = reading.pass.selection!;
    rows = { entryCount: selected.entryRowCount, tickets: selected.tickets ?? undefined, entrantOf: selected.entrantOf ?? undefined };
    checks.push({ name: 'Entry rows', ok: rows.entryCount === cert.entryCount, detail: `Your file has ${rows.entryCount} entry rows; the certificate states ${cert.entryCount}` });
  }
  let outcome;
  try {
    outcome = runDraw(
      {
        entryCount: rows.entryCount,
        tickets: rows.tickets,
        entrantOf: rows.entrantOf,
        prizes: cert.prizes.map(({ quantity, reserves }) => ({ quantity, reserves })),
        oneWinPerEntrant: cert.oneWinPerEntrant,
      },
      seededSourceFromKey(key),
    );
  } catch (error) {
    return [...checks, { name: 'Re-run', ok: false, detail: (error as Error).message }];
  }
  cert.prizes.forEach((prize, index) => {
    for (const [kind, certified, picked] of [
      ['winners', prize.winners, outcome.prizes[index].winners],
      ['reserves', prize.reserveWinners, outcome.prizes[index].reserves],
    ] as const) {
      if (kind === 'reserves' && prize.reserves === 0) continue;
      // The certificate lists the first winners of each prize (1,000 at most, fewer with many prizes); those are compared, as the verify command does.
      const rerun = picked.slice(0, certified.length).map((row) => row + 1);
      const ok = rerun.length === certified.length && rerun.every((n, i) => n === certified[i]);
      checks.push({ name: `Prize ${index + 1} ${kind}`, ok, detail: ok ? 'The re-run picks the same entries.' : `The re-run picks ${rerun.slice(0, 10).join(', ')}` });
    }
  });
  // The public draw log (as npm run verify checks it): the head's signature, the proofs, and the draw's history.
  if (cert.log) {
    const results = resultsSha256(outcome.prizes.map((prize) => ({ winners: prize.winners.map((row) => row + 1), reserves: prize.reserves.map((row) => row + 1) })));
    const terms = {
      prizes: cert.prizes.map(({ description, quantity, reserves }) => ({ description, quantity, reserves })),
      entryMethod: cert.entryMethod,
      entryCount: cert.entryCount,
      headerRow: cert.headerRow,
      entryCountColumn: cert.entryCountColumn ?? null,
      uniqueEntrantIdColumn: cert.uniqueEntrantIdColumn ?? null,
      oneWinPerEntrant: cert.oneWinPerEntrant,
    };
    checks.push(
      ...checkDrawLog(
        { drawId: cert.drawId, seedHash: cert.seedHash, beaconRound: cert.beacon?.round ?? null, terms, entriesSha256: cert.entriesSha256, beaconChain: cert.beacon?.chainHash ?? null },
        cert.log,
        results,
      ),
    );
  }
  return checks;
}
