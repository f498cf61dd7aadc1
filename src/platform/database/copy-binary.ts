/**
 * Rows in COPY's binary format (`COPY … FROM STDIN (FORMAT binary)`), built into chunks of about `chunkBytes`: the
 * server reads integers, uuids and the like without parsing their text, and nothing needs escaping. Values must
 * match the columns' types exactly (int4, int8, uuid, text, json, jsonb); see the PostgreSQL manual, "Binary Format".
 */
export class CopyBinaryWriter {
  private buffer: Buffer;
  private at = 0;
  private readonly done: Buffer[] = [];

  constructor(private readonly chunkBytes = 1 << 20) {
    this.buffer = Buffer.allocUnsafe(chunkBytes);
    // Signature, flags (no OIDs), header extension length.
    this.room(19);
    this.at += this.buffer.write('PGCOPY\n\xff\r\n\0', this.at, 'latin1');
    this.at = this.buffer.writeInt32BE(0, this.at);
    this.at = this.buffer.writeInt32BE(0, this.at);
  }

  /** Starts a row of `fields` values. */
  row(fields: number): this {
    this.finishChunkIfFull();
    this.room(2);
    this.at = this.buffer.writeInt16BE(fields, this.at);
    return this;
  }

  int4(value: number): this {
    this.room(8);
    this.at = this.buffer.writeInt32BE(4, this.at);
    this.at = this.buffer.writeInt32BE(value, this.at);
    return this;
  }

  /** An int8 from a safe integer. */
  int8(value: number): this {
    this.room(12);
    this.at = this.buffer.writeInt32BE(8, this.at);
    this.at = this.buffer.writeInt32BE(Math.floor(value / 0x1_0000_0000), this.at);
    this.at = this.buffer.writeUInt32BE(value >>> 0, this.at);
    return this;
  }

  /** A uuid from its 16 bytes (see uuidBytes). */
  uuid(bytes: Uint8Array): this {
    this.room(20);
    this.at = this.buffer.writeInt32BE(16, this.at);
    this.buffer.set(bytes, this.at);
    this.at += 16;
    return this;
  }

  /** A text value from its UTF-8 bytes. */
  text(utf8: Uint8Array): this {
    this.room(4 + utf8.length);
    this.at = this.buffer.writeInt32BE(utf8.length, this.at);
    this.buffer.set(utf8, this.at);
    this.at += utf8.length;
    return this;
  }

  /** A jsonb value from the UTF-8 bytes of its JSON text. */
  jsonb(utf8: Uint8Array): this {
    this.room(5 + utf8.length);
    this.at = this.buffer.writeInt32BE(utf8.length + 1, this.at);
    this.buffer[this.at++] = 1; // jsonb's binary format version
    this.buffer.set(utf8, this.at);
    this.at += utf8.length;
    return this;
  }

  /** A json value from the UTF-8 bytes of its text (json's binary form is its text). */
  json(utf8: Uint8Array): this {
    return this.text(utf8);
  }

  null(): this {
    this.room(4);
    this.at = this.buffer.writeInt32BE(-1, this.at);
    return this;
  }

  /** The chunks completed since the last call (for streaming while rows are added). */
  take(): Buffer[] {
    return this.done.splice(0);
  }

  /** Ends the data (trailer) and answers the remaining chunks. */
  end(): Buffer[] {
    this.room(2);
    this.at = this.buffer.writeInt16BE(-1, this.at);
    this.done.push(this.buffer.subarray(0, this.at));
    this.at = 0;
    return this.take();
  }

  private finishChunkIfFull(): void {
    if (this.at < this.chunkBytes / 2) return;
    this.done.push(this.buffer.subarray(0, this.at));
    this.buffer = Buffer.allocUnsafe(this.chunkBytes);
    this.at = 0;
  }

  /** Makes room for `bytes` more in the current chunk (a row's values stay in one chunk unless one is very large). */
  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }
}

/** The 16 bytes of a uuid in its text form. */
export function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replaceAll('-', '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`Not a uuid: ${uuid}`);
  return Buffer.from(hex, 'hex');
}
