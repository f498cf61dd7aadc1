import { Inject, Injectable } from '@nestjs/common';
import {
  appendToFrontier,
  assembleProof,
  consistencyPlan,
  type DrawLogEntry,
  encodeEntry,
  entryBytes,
  foldSubtree,
  inclusionPlan,
  leafHash,
  type NodeRef,
  toHex,
  treeHeadStatement,
} from '#transparency-log';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { type DrawLogProofs, HEAD_AT_MOST_EVERY_MS, type LoggedEntry, LogRangeError, MAX_ENTRIES_PER_REQUEST, type SignedTreeHead } from '../domain/draw-log.js';
import { DRAW_LOG_SIGNER, DRAW_LOG_STORE } from '../draw-log.tokens.js';
import type { DrawLogSigner, DrawLogStore } from './ports/draw-log-store.port.js';

/**
 * The public draw log (issue 29): appends in the caller's transaction, serialised on the tip row; heads signed with
 * the service's Ed25519 key; proofs read from the stored complete subtrees (O(log n) nodes each).
 */
@Injectable()
export class DrawLogService {
  constructor(
    @Inject(DRAW_LOG_STORE) private readonly store: DrawLogStore,
    @Inject(DRAW_LOG_SIGNER) private readonly signer: DrawLogSigner,
    private readonly transactions: Transactions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Appends the entry in the surrounding transaction (or one of its own); answers its index. */
  append(entry: DrawLogEntry): Promise<number> {
    const text = encodeEntry(entry);
    return this.transactions.run(async () => {
      const tip = await this.store.lockTip();
      const { nodes, frontier } = appendToFrontier(tip.frontier, tip.size, leafHash(entryBytes(text)));
      await this.store.write(tip.size, entry.drawId, entry.kind, text, nodes, frontier);
      return tip.size;
    });
  }

  publicKey(): Promise<string> {
    return this.signer.publicKey();
  }

  /**
   * The latest signed head. When entries arrived since, and the latest head is older than HEAD_AT_MOST_EVERY_MS
   * (or `cover` entries are asked for beyond it), a new one is signed first.
   */
  async head(cover = 0): Promise<SignedTreeHead> {
    const latest = await this.store.latestHead();
    const size = await this.store.size();
    const due = !!latest && size > latest.treeSize && (cover > latest.treeSize || this.clock.now().getTime() - Date.parse(latest.timestamp) >= HEAD_AT_MOST_EVERY_MS);
    if (latest && !due) return latest;
    return this.signHead();
  }

  /** Signs a head at the current size (the periodic signer and `head` call it). */
  async signHead(): Promise<SignedTreeHead> {
    const tip = await this.store.tip();
    const latest = await this.store.latestHead();
    if (latest && latest.treeSize >= tip.size) return latest;
    const unsigned = { treeSize: tip.size, rootHash: toHex(foldSubtree(tip.frontier)), timestamp: this.clock.now().toISOString() };
    const head = { ...unsigned, signature: await this.signer.sign(treeHeadStatement(unsigned)) };
    await this.store.saveHead(head);
    return (await this.store.latestHead()) ?? head;
  }

  /** Whether entries arrived after the latest head. */
  async behind(): Promise<boolean> {
    const [latest, size] = await Promise.all([this.store.latestHead(), this.store.size()]);
    return !latest || size > latest.treeSize;
  }

  async entries(start: number, end: number): Promise<LoggedEntry[]> {
    const size = await this.store.size();
    if (start > end) throw new LogRangeError('start must not be after end.');
    const last = Math.min(end, size, start + MAX_ENTRIES_PER_REQUEST);
    return start >= last ? [] : this.store.entries(start, last);
  }

  async inclusionProof(index: number, treeSize: number): Promise<{ leafHash: string; auditPath: string[] }> {
    await this.requireSize(treeSize);
    if (index >= treeSize) throw new LogRangeError('index must be below treeSize.');
    const plan = inclusionPlan(index, treeSize);
    const [leaf, ...path] = await this.read([[{ level: 0, index }], ...plan]);
    return { leafHash: toHex(leaf), auditPath: path.map(toHex) };
  }

  async consistencyProof(first: number, second: number): Promise<string[]> {
    await this.requireSize(second);
    if (first > second) throw new LogRangeError('first must not be above second.');
    return (await this.read(consistencyPlan(first, second))).map(toHex);
  }

  /** The draw's entries (all of them, in log order) with inclusion proofs against a signed head covering them. */
  async proofsForDraw(drawId: string): Promise<DrawLogProofs | null> {
    const size = await this.store.size();
    const found = await this.store.entriesOfDraw(drawId, size);
    if (found.length === 0) return null;
    const head = await this.head(found[found.length - 1].index + 1);
    const entries = found.filter((e) => e.index < head.treeSize);
    const paths = await this.read(entries.flatMap((e) => inclusionPlan(e.index, head.treeSize)));
    let at = 0;
    return {
      head,
      publicKey: await this.signer.publicKey(),
      entries: entries.map((e) => {
        const length = inclusionPlan(e.index, head.treeSize).length;
        const auditPath = paths.slice(at, at + length).map(toHex);
        at += length;
        return { ...e, auditPath };
      }),
    };
  }

  private async requireSize(treeSize: number): Promise<void> {
    const size = await this.store.size();
    if (treeSize > size) throw new LogRangeError(`The log holds ${size} entries.`);
  }

  /** The hashes a plan names, from one read of the stored subtrees. */
  private async read(plan: NodeRef[][]): Promise<Uint8Array[]> {
    const refs = plan.flat();
    const hashes = await this.store.nodes(refs);
    const byRef = new Map(refs.map((ref, i) => [`${ref.level}/${ref.index}`, hashes[i]]));
    return assembleProof(plan, (ref) => byRef.get(`${ref.level}/${ref.index}`)!);
  }
}
