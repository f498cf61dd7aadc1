// Verifies a certified draw from the entries file and the revealed seeds (docs/verification.md):
//   npm run verify -- --draw-json certificate.json --entries entries.csv [--server-seed <64 hex>] [--seed <64 hex>]
// certificate.json is the public certificate data: GET /api/certificate/{shortCode}. Exit code 0 when everything
// matches, 1 on a mismatch (each failing check is named), 2 on wrong usage.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { type CertifiedDraw, verifyDraw } from '../src/certificates/domain/verify-draw.js';

const USAGE = `usage: npm run verify -- --draw-json <certificate.json> [--entries <file>] [--server-seed <64 hex>] [--seed <64 hex>]

  --draw-json    the certificate's data, as GET /api/certificate/{shortCode} answers it
  --entries      the entries file the draw ran on (not needed for a simple draw of numbered entries)
  --server-seed  beacon/1 draws: the server seed (64 hexadecimal characters); the certificate's revealed one otherwise
  --seed         seed/1 draws (made before the beacon): the seed; the certificate's revealed one otherwise
`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { entries: { type: 'string' }, seed: { type: 'string' }, 'server-seed': { type: 'string' }, 'draw-json': { type: 'string' }, help: { type: 'boolean' } },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help || !values['draw-json']) {
    process.stderr.write(USAGE);
    return values.help ? 0 : 2;
  }
  const draw = JSON.parse(await readFile(values['draw-json'], 'utf8')) as CertifiedDraw;
  const path = values.entries;
  const entries = path ? { source: () => createReadStream(path) as AsyncIterable<Uint8Array>, extension: extname(path).slice(1).toLowerCase() || 'txt' } : null;
  const report = await verifyDraw(draw, { seed: values.seed, serverSeed: values['server-seed'] }, entries);
  for (const check of report.checks) process.stdout.write(`${check.ok ? 'OK      ' : 'MISMATCH'} ${check.name}: ${check.detail}\n`);
  const failed = report.checks.filter((check) => !check.ok).map((check) => check.name);
  process.stdout.write(report.match ? `\nMATCH: draw ${draw.shortCode ?? ''} is verified: the same winners come from this file and this seed.\n` : `\nMISMATCH: ${failed.join('; ')}\n`);
  return report.match ? 0 : 1;
}

process.exitCode = await main();
