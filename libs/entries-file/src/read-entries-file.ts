import { DELIMITER_SAMPLE_BYTES, detectDelimiter, type Delimiter } from './delimiter.js';
import { EntriesPass, type EntriesPassResult, type EntrySelection } from './entries-pass.js';
import { createSha256 } from './runtime.js';
import { BOM_PROBE_BYTES, decideEncoding, needsTranscoding, Utf8Transcoder, Utf8Validator, utf8TextOffset, type TextEncodingName } from './text-encoding.js';

/** A file that can be read from the start as often as needed. */
export type ByteSource = () => AsyncIterable<Uint8Array>;

export interface EntriesFileReading {
  sha256: string;
  byteSize: number;
  encoding: TextEncodingName;
  delimiter: Delimiter;
  pass: EntriesPassResult;
}

/**
 * Reads an entries file exactly as a draw does, from its bytes alone: SHA-256 and encoding (first read), then the
 * delimiter and the rows (second read). This is the whole of docs/verification.md in code; the server runs the
 * same steps, keeping the results of each (encoding at upload, delimiter and rows at confirmation).
 *
 * @param extension the file's type (csv, tsv or txt) which breaks delimiter ties
 * @param delimiter the delimiter recorded with the draw; detected when absent
 */
export async function readEntriesFile(source: ByteSource, extension: string, selection?: EntrySelection, delimiter?: Delimiter): Promise<EntriesFileReading> {
  const hash = createSha256();
  const validator = new Utf8Validator();
  const head = new Uint8Array(BOM_PROBE_BYTES);
  let byteSize = 0;
  for await (const chunk of source()) {
    if (byteSize < head.length) head.set(chunk.subarray(0, head.length - byteSize), byteSize);
    byteSize += chunk.length;
    hash.update(chunk);
    validator.push(chunk);
  }
  const encoding = decideEncoding(head.subarray(0, Math.min(byteSize, head.length)), validator.end());
  const chosen = delimiter ?? detectDelimiter(...(await textSample(utf8Text(source(), encoding))), extension);
  const pass = new EntriesPass({ delimiter: chosen, textOffset: 0, selection });
  for await (const chunk of utf8Text(source(), encoding)) pass.push(chunk);
  return { sha256: hash.hex(), byteSize, encoding, delimiter: chosen, pass: pass.finish() };
}

/**
 * The UTF-8 text of a file: the bytes after a UTF-8 byte order mark, or the file decoded from its encoding. Row
 * offsets of the server's index count bytes of the stored UTF-8 text (the file itself when it is UTF-8).
 */
export async function* utf8Text(chunks: AsyncIterable<Uint8Array>, encoding: TextEncodingName): AsyncGenerator<Uint8Array> {
  if (needsTranscoding(encoding)) {
    const transcoder = new Utf8Transcoder(encoding as 'utf-16le' | 'utf-16be' | 'windows-1252');
    for await (const chunk of chunks) {
      const text = transcoder.push(chunk);
      if (text.length > 0) yield text;
    }
    const last = transcoder.end();
    if (last.length > 0) yield last;
    return;
  }
  let skip = utf8TextOffset(encoding);
  for await (const chunk of chunks) {
    if (skip > 0) {
      const dropped = Math.min(skip, chunk.length);
      skip -= dropped;
      if (dropped === chunk.length) continue;
      yield chunk.subarray(dropped);
    } else yield chunk;
  }
}

/** The first DELIMITER_SAMPLE_BYTES of a text, and whether that is all of it (stops reading there). */
export async function textSample(text: AsyncIterable<Uint8Array>): Promise<[Uint8Array, boolean]> {
  const parts: Uint8Array[] = [];
  let length = 0;
  let whole = true;
  for await (const chunk of text) {
    parts.push(chunk);
    length += chunk.length;
    if (length > DELIMITER_SAMPLE_BYTES) {
      whole = false;
      break;
    }
  }
  const sample = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    sample.set(part, at);
    at += part.length;
  }
  return [whole ? sample : sample.subarray(0, DELIMITER_SAMPLE_BYTES), whole];
}
