import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NewNode, NodeRef } from '#transparency-log';
import type { DataSource } from 'typeorm';
import { currentManager } from '../../platform/database/transaction-scope.js';
import type { DrawLogStore } from '../application/ports/draw-log-store.port.js';
import type { LoggedEntry, SignedTreeHead } from '../domain/draw-log.js';

interface HeadRow {
  tree_size: string;
  root_hash: string;
  signed_at: Date;
  signature: string;
}

/** PostgreSQL: entries and nodes only inserted (a trigger refuses the rest), one tip row locked per append. */
@Injectable()
export class TypeormDrawLogStore implements DrawLogStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async lockTip(): Promise<{ size: number; frontier: Uint8Array[] }> {
    return this.readTip('FOR UPDATE');
  }

  tip(): Promise<{ size: number; frontier: Uint8Array[] }> {
    return this.readTip('');
  }

  async write(index: number, drawId: string, kind: string, entry: string, nodes: NewNode[], frontier: Uint8Array[]): Promise<void> {
    // One statement, one round trip: the tip row stays locked for as short a time as can be.
    await currentManager(this.dataSource).query(
      `WITH entry AS (INSERT INTO draw_log_entry (idx, draw_id, kind, entry) VALUES ($1, $2, $3, $4)),
            nodes AS (INSERT INTO draw_log_node (level, idx, hash) SELECT * FROM unnest($5::smallint[], $6::bigint[], $7::bytea[]))
       UPDATE draw_log_tip SET size = $1 + 1, frontier = $8 WHERE id = 1`,
      [index, drawId, kind, entry, nodes.map((n) => n.level), nodes.map((n) => n.index), nodes.map((n) => Buffer.from(n.hash)), frontier.map((h) => Buffer.from(h))],
    );
  }

  async size(): Promise<number> {
    const [row] = (await currentManager(this.dataSource).query('SELECT size FROM draw_log_tip WHERE id = 1')) as { size: string }[];
    return Number(row.size);
  }

  async nodes(refs: NodeRef[]): Promise<Uint8Array[]> {
    if (refs.length === 0) return [];
    const rows = (await this.dataSource.query(
      `SELECT n.hash FROM unnest($1::smallint[], $2::bigint[]) WITH ORDINALITY AS r(level, idx, ord)
         JOIN draw_log_node n ON n.level = r.level AND n.idx = r.idx ORDER BY r.ord`,
      [refs.map((r) => r.level), refs.map((r) => r.index)],
    )) as { hash: Buffer }[];
    if (rows.length !== refs.length) throw new Error('The draw log is missing stored nodes');
    return rows.map((r) => new Uint8Array(r.hash));
  }

  async entries(start: number, end: number): Promise<LoggedEntry[]> {
    const rows = (await this.dataSource.query('SELECT idx, entry FROM draw_log_entry WHERE idx >= $1 AND idx < $2 ORDER BY idx', [start, end])) as { idx: string; entry: string }[];
    return rows.map((r) => ({ index: Number(r.idx), entry: r.entry }));
  }

  async entriesOfDraw(drawId: string, size: number): Promise<LoggedEntry[]> {
    const rows = (await this.dataSource.query('SELECT idx, entry FROM draw_log_entry WHERE draw_id = $1 AND idx < $2 ORDER BY idx', [drawId, size])) as { idx: string; entry: string }[];
    return rows.map((r) => ({ index: Number(r.idx), entry: r.entry }));
  }

  async latestHead(): Promise<SignedTreeHead | null> {
    const [row] = (await this.dataSource.query('SELECT tree_size, root_hash, signed_at, signature FROM draw_log_head ORDER BY tree_size DESC LIMIT 1')) as HeadRow[];
    return row ? { treeSize: Number(row.tree_size), rootHash: row.root_hash, timestamp: row.signed_at.toISOString(), signature: row.signature } : null;
  }

  async saveHead(head: SignedTreeHead): Promise<void> {
    await this.dataSource.query('INSERT INTO draw_log_head (tree_size, root_hash, signed_at, signature) VALUES ($1, $2, $3, $4) ON CONFLICT (tree_size) DO NOTHING', [
      head.treeSize,
      head.rootHash,
      new Date(head.timestamp),
      head.signature,
    ]);
  }

  private async readTip(lock: string): Promise<{ size: number; frontier: Uint8Array[] }> {
    const [row] = (await currentManager(this.dataSource).query(`SELECT size, frontier FROM draw_log_tip WHERE id = 1 ${lock}`)) as { size: string; frontier: Buffer[] }[];
    return { size: Number(row.size), frontier: row.frontier.map((h) => new Uint8Array(h)) };
  }
}
