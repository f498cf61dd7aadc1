import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DIGEST_BYTES, type EntryDigester } from '../domain/entry-digest.js';

/**
 * The HMAC of EntryDigester.digestInto, for worker threads: H((K ^ opad) || H((K ^ ipad) || m)), first 16 bytes,
 * from the pads handed over. Plain CommonJS run with `eval`, so it works from sources and from dist alike. The unit
 * tests compare its digests with EntryDigester's and with createHmac.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hash } = require('node:crypto');
const BLOCK = 64;
const DIGEST = ${DIGEST_BYTES};
let inner = Buffer.alloc(BLOCK + 4096);
inner.set(workerData.inner, 0);
const outer = Buffer.alloc(BLOCK + 32);
outer.set(workerData.outer, 0);
parentPort.on('message', ({ id, bytes, ends, count }) => {
  const out = new Uint8Array(count * DIGEST);
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = ends[i];
    const length = end - start;
    if (BLOCK + length > inner.length) {
      const bigger = Buffer.alloc(BLOCK + length);
      bigger.set(inner.subarray(0, BLOCK), 0);
      inner = bigger;
    }
    inner.set(bytes.subarray(start, end), BLOCK);
    outer.set(hash('sha256', inner.subarray(0, BLOCK + length), 'buffer'), BLOCK);
    out.set(hash('sha256', outer, 'buffer').subarray(0, DIGEST), i * DIGEST);
    start = end;
  }
  parentPort.postMessage({ id, out }, [out.buffer]);
});`;

/**
 * Digests of batches of normalised values on worker threads (one per core): hashing is most of an entry check's
 * processing, and the scan of the file goes on meanwhile in the calling thread.
 */
export class DigestWorkers {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, { resolve: (out: Uint8Array) => void; reject: (error: Error) => void }>();
  private next = 0;
  private failure: Error | null = null;

  constructor(digester: EntryDigester, threads = Math.max(1, availableParallelism())) {
    const workerData = digester.pads();
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
      worker.on('message', ({ id, out }: { id: number; out: Uint8Array }) => {
        this.waiting.get(id)?.resolve(out);
        this.waiting.delete(id);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => code !== 0 && this.fail(new Error(`A digest worker stopped with code ${code}.`)));
      return worker;
    });
  }

  /** Digests of `count` values: value i is bytes[ends[i-1] .. ends[i]) (from 0 for the first). Takes the buffers. */
  digest(bytes: Uint8Array, ends: Uint32Array, count: number): Promise<Uint8Array> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length].postMessage({ id, bytes, ends, count }, [bytes.buffer as ArrayBuffer, ends.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
