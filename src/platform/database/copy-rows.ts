import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Streams rows into a table with `COPY … FROM STDIN` (text format) on the given connection: millions of rows go in
 * seconds, where batched INSERTs spend their time building and parsing parameters. `chunks` yields lines of COPY
 * text, each ending in a line feed, with tabs between fields and values escaped by the caller; or, for
 * `(FORMAT binary)`, the chunks of a CopyBinaryWriter (copy-binary.ts).
 */
export async function copyRows(client: pg.PoolClient, copySql: string, chunks: () => AsyncIterable<string | Uint8Array>): Promise<void> {
  await pipeline(chunks, client.query(copyFrom(copySql)));
}
