// Writes the seeded source's raw stream (the ChaCha20 keystream under SHA-256(seed), i.e. the words of
// createSeededSource as little-endian bytes) to stdout, for statistical test suites:
//   node dist/scripts/rng-stream.js --seed <seed> [--bytes <n>] [--seed-format auto|hex|utf8]
//   node dist/scripts/rng-stream.js --seed fairdraw | dieharder -a -g 200
// Without --bytes the stream is endless; it stops quietly when the reader goes away (EPIPE).
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { createSeededKeystream } from '#rng';

const CHUNK_BYTES = 64 * 1024;
const USAGE = `usage: rng-stream --seed <seed> [--bytes <n>] [--seed-format auto|hex|utf8]

  --seed          the seed. auto (default): exactly 64 hex digits are the 32 seed bytes of a draw
                  (as certificates print them), anything else is a string taken as its UTF-8 bytes
  --seed-format   hex: the seed must be hex digits (any even length); utf8: always a string
  --bytes         how many bytes to write (default: no limit)
`;

class UsageError extends Error {}

interface Options {
  seed: Uint8Array | string;
  bytes: number;
}

function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: 'string' },
      bytes: { type: 'string' },
      'seed-format': { type: 'string', default: 'auto' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  if (values.seed === undefined) throw new UsageError('--seed is required');
  return { seed: parseSeed(values.seed, values['seed-format'] ?? 'auto'), bytes: parseBytes(values.bytes) };
}

function parseSeed(text: string, format: string): Uint8Array | string {
  const isHex = /^(?:[0-9a-fA-F]{2})*$/.test(text);
  switch (format) {
    case 'auto':
      return text.length === 64 && isHex ? new Uint8Array(Buffer.from(text, 'hex')) : text;
    case 'hex':
      if (!isHex) throw new UsageError('--seed is not an even number of hex digits');
      return new Uint8Array(Buffer.from(text, 'hex'));
    case 'utf8':
      return text;
    default:
      throw new UsageError(`--seed-format must be auto, hex or utf8, got ${format}`);
  }
}

function parseBytes(text: string | undefined): number {
  if (text === undefined) return Infinity;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--bytes must be a non-negative integer, got ${text}`);
  }
  return Number(text);
}

async function writeStream({ seed, bytes }: Options): Promise<void> {
  const fill = createSeededKeystream(seed);
  const stdout = process.stdout;
  let closed = false;
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    // The reader has gone (`| head -c 1000`): that is how an endless stream is meant to end.
    if (error.code === 'EPIPE') {
      closed = true;
      process.exit(0);
    }
    process.stderr.write(`rng-stream: ${error.message}\n`);
    process.exit(1);
  });
  for (let written = 0; written < bytes && !closed;) {
    const size = Math.min(CHUNK_BYTES, bytes - written);
    // A fresh buffer per chunk: the stream may still hold the previous one when write() returns.
    const chunk = Buffer.allocUnsafe(size);
    fill(chunk);
    written += size;
    if (!stdout.write(chunk)) await once(stdout, 'drain');
  }
  await new Promise<void>((resolve) => stdout.end(resolve));
}

try {
  const options = parseOptions(process.argv.slice(2));
  if (options === 'help') process.stdout.write(USAGE);
  else await writeStream(options);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`rng-stream: ${message}\n\n${USAGE}`);
  process.exit(2);
}
