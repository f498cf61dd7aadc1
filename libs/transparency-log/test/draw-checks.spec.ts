import { generateKeyPairSync, sign } from 'node:crypto';
import { checkDrawLog, type DrawLogEntry, type DrawTerms, encodeEntry, entryBytes, MemoryTree, resultsSha256, termsSha256, toHex, treeHeadStatement } from '#transparency-log';

const DRAW_ID = '3f1c2b7a-0000-4000-8000-00000000abcd';
const SEED_HASH = 'aa'.repeat(32);
const QUICKNET = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const FILE = 'f1'.repeat(32);
const TERMS: DrawTerms = {
  prizes: [{ description: 'Bike', quantity: 1, reserves: 1 }],
  entryMethod: 'upload',
  entryCount: 30,
  headerRow: true,
  entryCountColumn: null,
  uniqueEntrantIdColumn: null,
  oneWinPerEntrant: false,
};
const RESULTS = resultsSha256([{ winners: [7], reserves: [19] }]);

/** The draw's log as a certificate carries it: committed to the file and chain given, then drawn, in a head signed here. */
function certificateLog(committed: { entriesFileSha256: string | null; beaconChain: string | null; at?: string }) {
  const entries: DrawLogEntry[] = [
    {
      kind: 'committed',
      drawId: DRAW_ID,
      at: committed.at ?? '2026-11-27T10:00:00.000Z',
      shortCode: 'ABCDE',
      seedHash: SEED_HASH,
      termsSha256: termsSha256(TERMS),
      drawTime: '2026-11-27T11:00:00.000Z',
      beaconRound: 100,
      entriesFileSha256: committed.entriesFileSha256,
      beaconChain: committed.beaconChain,
    },
    { kind: 'drawn', drawId: DRAW_ID, at: '2026-11-27T11:00:01.000Z', resultsSha256: RESULTS, beaconRound: 100 },
  ];
  const tree = new MemoryTree();
  const texts = entries.map(encodeEntry);
  for (const text of texts) tree.append(entryBytes(text));
  const head = { treeSize: tree.size, rootHash: toHex(tree.root()), timestamp: '2026-11-27T11:00:02.000Z' };
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    head: { ...head, signature: sign(null, treeHeadStatement(head), privateKey).toString('hex') },
    publicKey: Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex'),
    entries: texts.map((entry, index) => ({ index, entry, auditPath: tree.inclusionProof(index).map(toHex) })),
  };
}

const certified = { drawId: DRAW_ID, seedHash: SEED_HASH, beaconRound: 100, terms: TERMS, entriesSha256: FILE, beaconChain: QUICKNET };
const failing = (checks: { name: string; ok: boolean }[]) => checks.filter((check) => !check.ok).map((check) => check.name);

describe('checkDrawLog: the certificate against what the draw committed to', () => {
  it('passes a certificate that states the committed file and beacon chain', () => {
    expect(failing(checkDrawLog(certified, certificateLog({ entriesFileSha256: FILE, beaconChain: QUICKNET }), RESULTS))).toEqual([]);
  });

  it('refuses a certificate whose entries file is not the one committed to', () => {
    expect(failing(checkDrawLog({ ...certified, entriesSha256: 'f2'.repeat(32) }, certificateLog({ entriesFileSha256: FILE, beaconChain: QUICKNET }), RESULTS))).toEqual(['Log commitment terms']);
  });

  it('refuses a certificate whose beacon chain is not the one committed to (a chain whose key someone else holds signs any round)', () => {
    const check = checkDrawLog({ ...certified, beaconChain: 'cd'.repeat(32) }, certificateLog({ entriesFileSha256: FILE, beaconChain: QUICKNET }), RESULTS).find(
      (c) => c.name === 'Log commitment terms',
    );
    expect(check).toMatchObject({ ok: false });
    expect(check?.detail).toContain(QUICKNET);
  });

  it('passes a draw made to run now, committed at its own time (its round is the first after it)', () => {
    const log = certificateLog({ entriesFileSha256: FILE, beaconChain: QUICKNET, at: '2026-11-27T11:00:00.000Z' });
    expect(failing(checkDrawLog(certified, log, RESULTS))).toEqual([]);
  });

  it('refuses a draw committed after its time had come (its seed could have been fixed once the deciding round was out)', () => {
    const log = certificateLog({ entriesFileSha256: FILE, beaconChain: QUICKNET, at: '2026-11-27T11:00:00.001Z' });
    const check = checkDrawLog(certified, log, RESULTS).find((c) => c.name === 'Log history');
    expect(check).toMatchObject({ ok: false });
    expect(check?.detail).toContain('The draw was committed after its time had come');
  });
});
