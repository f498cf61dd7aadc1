import { termsSha256, type DrawTerms } from './digests.js';
import { checkDrawHistory, decodeEntry, entryBytes } from './entries.js';
import { fromHex, leafHash, verifyInclusion } from './merkle.js';
import { verifyTreeHead } from './tree-head.js';

/** The log part of a certificate (GET /api/certificate/{shortCode}, field `log`). */
export interface CertificateLog {
  head: { treeSize: number; rootHash: string; timestamp: string; signature: string };
  publicKey: string;
  entries: { index: number; entry: string; auditPath: string[] }[];
}

export interface LogCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * docs/verification.md "The public draw log", for `npm run verify` and the certificate page alike: the head's
 * signature, each entry's inclusion proof against it, the commitment's terms, and the draw's history (committed
 * once with the certificate's seed hash, moved only before its time, drawn once with the fixed round and the
 * re-run's results, then only publication). `resultsSha256`: of the verifier's own re-run (null when there is none).
 */
export function checkDrawLog(
  draw: { drawId: string; seedHash: string; beaconRound: number | null; terms: DrawTerms; entriesSha256: string | null; beaconChain: string | null },
  log: CertificateLog,
  resultsSha256: string | null,
): LogCheck[] {
  const checks: LogCheck[] = [];
  const { head } = log;
  checks.push({
    name: 'Log tree head signature',
    ok: verifyTreeHead(head, head.signature, log.publicKey),
    detail: `Head of ${head.treeSize} entries signed ${head.timestamp} by key ${log.publicKey} (compare it with /api/log/key and your monitor's)`,
  });
  const root = /^[0-9a-f]{64}$/.test(head.rootHash) ? fromHex(head.rootHash) : new Uint8Array(32);
  const unproven = log.entries.filter((e) => !verifyInclusion(leafHash(entryBytes(e.entry)), e.index, head.treeSize, e.auditPath.map(fromHex), root));
  checks.push({
    name: 'Log inclusion proofs',
    ok: log.entries.length > 0 && unproven.length === 0,
    detail: unproven.length ? `Not in the signed head: entries ${unproven.map((e) => e.index).join(', ')}` : `Entries ${log.entries.map((e) => e.index).join(', ')} are in the signed head`,
  });
  const decoded = log.entries.map((e) => decodeEntry(e.entry));
  if (decoded.some((e) => e === null)) return [...checks, { name: 'Log history', ok: false, detail: 'An entry is not a draw log entry' }];
  const entries = decoded.map((e) => e!);
  const committed = entries[0]?.kind === 'committed' ? entries[0] : null;
  const terms = termsSha256(draw.terms);
  // The file and the beacon chain too: a draw run on another file than the one committed to (the same rows reordered,
  // say), or with another chain's round (a chain whose key someone holds signs whatever round suits), re-runs to the
  // certificate's winners from what the certificate names, and only the commitment tells them apart.
  const sameFile = committed?.entriesFileSha256 === draw.entriesSha256;
  const sameChain = committed?.beaconChain === draw.beaconChain;
  checks.push({
    name: 'Log commitment terms',
    ok: committed?.termsSha256 === terms && sameFile && sameChain,
    detail: committed
      ? `The prizes and options committed to hash to ${committed.termsSha256}; the certificate's to ${terms}` +
        (sameFile ? '' : `. The entries file committed to is ${committed.entriesFileSha256 ?? 'none'}; the certificate's is ${draw.entriesSha256 ?? 'none'}`) +
        (sameChain ? '' : `. The beacon chain committed to is ${committed.beaconChain ?? 'none'}; the certificate's is ${draw.beaconChain ?? 'none'}`)
      : 'No commitment entry',
  });
  const problems = checkDrawHistory({ ...draw, resultsSha256: resultsSha256 ?? '' }, entries);
  checks.push({
    name: 'Log history',
    ok: problems.length === 0,
    detail: problems.length ? problems.join('; ') : `${entries.map((e) => e.kind).join(', ')}: nothing moved or re-run after the commitment`,
  });
  return checks;
}
