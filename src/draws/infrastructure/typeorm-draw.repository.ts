import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type pg from 'pg';
import { type DataSource, type EntityManager, LessThan, QueryFailedError, type Repository } from 'typeorm';
import { CopyBinaryWriter, uuidBytes } from '../../platform/database/copy-binary.js';
import { copyRows } from '../../platform/database/copy-rows.js';
import { columnList, preparedQuery } from '../../platform/database/prepared-query.js';
import { scopedTransaction } from '../../platform/database/transaction-scope.js';
import {
  DuplicateSubmissionError,
  type DrawListQuery,
  type DrawPublicVersion,
  type DrawnWinners,
  type DrawRepository,
  type LockedDraw,
  type NewDraw,
  type WinnersShown,
} from '../application/ports/draw.repository.port.js';
import type { NamedScrutineer, Scrutineer } from '../domain/draw-actions.js';
import { CHANGEABLE_STATE } from '../domain/draw-state.js';
import type { Draw, DrawSource, DrawState, Winner } from '../domain/draw.js';
import { DrawMapper } from './draw.mapper.js';
import { DrawOrmEntity, DrawPrizeOrmEntity, DrawWinnerOrmEntity } from './draw.orm-entity.js';
import { VersionedCache } from '../../platform/http/public-answers.js';
import { PublicVersionCache } from './public-version-cache.js';
import type { DraftRepository } from '../application/ports/draft.repository.port.js';
import type { ScrutineerRepository } from '../application/ports/scrutineer.repository.port.js';
import type { WinnerStore } from '../application/ports/winner-store.port.js';

const UNIQUE_VIOLATION = '23505';
/**
 * Draw views a process keeps, weighed as 1 per draw plus 1 per winner shown: some tens of megabytes at most. One view
 * weighs at most 1 + 2 × WinnersShown.inAll (the most recently used is kept whatever its weight).
 */
const VIEWS_WEIGHT = 100_000;

/** The prepared statements reading a draw's public version (the tests tell these reads apart from a request's own). */
export const PUBLIC_VERSION_READS = { byId: 'draw_public_version_by_id', byShortCode: 'draw_public_version_by_short_code' } as const;

type DrawViewRead = { draw: Draw; winners: Winner[]; scrutineer: NamedScrutineer | null };

/** A kept view is shared by every request for its draw: nothing may change it in place. */
function freezeView(view: DrawViewRead): DrawViewRead {
  for (const prize of view.draw.prizes) Object.freeze(prize);
  Object.freeze(view.draw.prizes);
  Object.freeze(view.draw);
  for (const winner of view.winners) Object.freeze(winner);
  Object.freeze(view.winners);
  if (view.scrutineer) Object.freeze(view.scrutineer);
  return Object.freeze(view);
}
/** Rows between hand-overs to COPY: the writer's chunks are about 1 MB; this only bounds what is built ahead. */
const COPY_CHUNK_ROWS = 10_000;

@Injectable()
export class TypeormDrawRepository implements DrawRepository, DraftRepository, ScrutineerRepository, WinnerStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(DrawOrmEntity) private readonly draws: Repository<DrawOrmEntity>,
    @InjectRepository(DrawPrizeOrmEntity) private readonly prizes: Repository<DrawPrizeOrmEntity>,
    @InjectRepository(DrawWinnerOrmEntity) private readonly winners: Repository<DrawWinnerOrmEntity>,
    private readonly publicVersions: PublicVersionCache,
  ) {
    this.drawView = `SELECT ${columnList(draws.metadata, 'd')},
              (SELECT COALESCE(json_agg(p), '[]') FROM draw_prize p WHERE p.draw_id = d.id) AS view_prizes,
              CASE WHEN d.state = 'drawn' THEN
                -- Each prize's and kind's first winners, read as the start of one range of the primary key each: a
                -- filter on position read every winner of the draw (EXPLAIN: all 1,000,000 index entries of a draw of
                -- one prize), and without the LIMIT the planner joins the whole table instead. $3 bounds them all
                -- together (see DrawRepository.findView); positions run from 0 in each prize and kind.
                (SELECT COALESCE(json_agg(w ORDER BY w.prize_position, w.kind DESC, w.position), '[]')
                   FROM draw_prize p CROSS JOIN (VALUES ('winner'), ('reserve')) AS k (kind)
                   CROSS JOIN LATERAL (SELECT * FROM draw_winner x
                                        WHERE x.draw_id = d.id AND x.prize_position = p.position AND x.kind = k.kind
                                        ORDER BY x.position
                                        LIMIT LEAST($2::int, $3::int / (SELECT count(*) FROM draw_prize c WHERE c.draw_id = d.id))) w
                  WHERE p.draw_id = d.id)
              ELSE '[]' END AS view_winners,
              (SELECT row_to_json(s) FROM (SELECT first_name, last_name, email_address, qualification, notes, named_at FROM draw_scrutineer WHERE draw_id = d.id) s) AS view_scrutineer
         FROM draw d WHERE d.id = $1`;
  }

  /** The draw page's statement: the draw, its prizes, its first winners per prize and its scrutineer. */
  private readonly drawView: string;

  async create(draw: NewDraw, actor: string, withinCreate?: (id: string) => Promise<void>): Promise<Draw | null> {
    try {
      const id = await scopedTransaction(this.dataSource, async (manager) => {
        const { entries, prizes, ...fields } = draw;
        const row = await manager.getRepository(DrawOrmEntity).save(
          manager.getRepository(DrawOrmEntity).create({
            ...fields,
            entryMethod: entries.method,
            entryCount: entries.entryCount,
            ticketCount: entries.ticketCount,
            entrantCount: entries.entrantCount,
            fileName: entries.fileName,
            headerRow: entries.headerRow,
            entryCountColumn: entries.entryCountColumn,
            uniqueEntrantIdColumn: entries.uniqueEntrantIdColumn,
            oneWinPerEntrant: entries.oneWinPerEntrant,
            createdAt: new Date(),
          }),
        );
        await manager.getRepository(DrawPrizeOrmEntity).insert(prizes.map((prize, position) => ({ drawId: row.id, position, ...prize })));
        const round = draw.beacon ? `, beacon round ${draw.beaconRound} of chain ${draw.beacon.chainHash}` : '';
        await manager.query('INSERT INTO draw_audit (draw_id, from_state, to_state, actor, detail) VALUES ($1, NULL, $2, $3, $4)', [
          row.id,
          draw.state,
          actor,
          `seed commitment ${draw.seedHash}${round}`,
        ]);
        await withinCreate?.(row.id);
        return row.id;
      });
      return this.findById(id);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === 'draw_owner_submission_key') throw new DuplicateSubmissionError();
      if (error instanceof QueryFailedError && (error.driverError as { code?: string; constraint?: string }).constraint === 'draw_short_code_key') return null;
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  async findBySubmissionKey(ownerUserId: string, submissionKey: string): Promise<Draw | null> {
    const [row] = (await this.dataSource.query('SELECT id FROM draw WHERE owner_user_id = $1 AND submission_key = $2', [ownerUserId, submissionKey])) as { id: string }[];
    return row ? this.findById(row.id) : null;
  }

  async findById(id: string): Promise<Draw | null> {
    // One round trip instead of two: the prizes are asked for at the same time (none when there is no such draw).
    const [row, prizes] = await Promise.all([this.draws.findOneBy({ id }), this.prizes.findBy({ drawId: id })]);
    if (!row) return null;
    return DrawMapper.toDomain(row, prizes);
  }

  async findView(id: string, shown: WinnersShown): Promise<DrawViewRead | null> {
    // A signed-in draw page would otherwise cost two round trips, the session's and this one, each costing several
    // times its statement under load (issue 26). Every change to what the view holds bumps the draw's public version
    // (the draw row's own update, the scrutineer's trigger, the winners written with the update to drawn; prizes are
    // never changed), so a view read at the version the process knows is the view. The version is the public pages'
    // (PublicVersionCache), with their bounds on staleness; drafts have none and are read every time.
    const version = await this.publicVersion({ id });
    if (!version) return this.readView(id, shown);
    return this.views.get(
      id,
      `${version.version}:${shown.perPrize}:${shown.inAll}`,
      async () => {
        const read = await this.readView(id, shown);
        return read && freezeView(read);
      },
      (view) => view !== null,
    );
  }

  /** Views kept by draw id, for the version and winners per prize they were read at. */
  private readonly views = new VersionedCache<DrawViewRead | null>(VIEWS_WEIGHT, (view) => 1 + (view?.winners.length ?? 0));

  private async readView(id: string, shown: WinnersShown): Promise<DrawViewRead | null> {
    // One prepared statement instead of four: under load each round trip costs a pooled connection and two socket
    // writes, and each parse and plan of this statement more than its execution.
    const rows = await preparedQuery<Record<string, unknown> & { view_prizes: Record<string, unknown>[]; view_winners: Record<string, unknown>[]; view_scrutineer: NamedScrutineerRow | null }>(
      this.dataSource,
      'draw_view',
      this.drawView,
      [id, shown.perPrize, shown.inAll],
    );
    const row = rows[0];
    if (!row) return null;
    const prizes = row.view_prizes.map((prize) => this.hydrate(DrawPrizeOrmEntity, prize));
    return {
      draw: DrawMapper.toDomain(this.hydrate(DrawOrmEntity, row), prizes),
      winners: row.view_winners.map((winner) => DrawMapper.winner(this.hydrate(DrawWinnerOrmEntity, winner))),
      scrutineer: row.view_scrutineer ? namedScrutineerOfRow(row.view_scrutineer) : null,
    };
  }

  /** A raw row (or a row_to_json object) as the entity TypeORM would have built: its column types and transformers. */
  private hydrate<T extends object>(target: new () => T, raw: Record<string, unknown>): T {
    const metadata = this.dataSource.getMetadata(target);
    const entity = metadata.create() as T;
    for (const column of metadata.columns) column.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(raw[column.databaseName], column));
    return entity;
  }

  publicVersion(ref: { id: string } | { shortCode: string }): Promise<DrawPublicVersion | null> {
    // Every public page view needs it before answering from the processes' caches: kept while notifications say it holds.
    return this.publicVersions.get(ref, () => this.readPublicVersion(ref));
  }

  private async readPublicVersion(ref: { id: string } | { shortCode: string }): Promise<DrawPublicVersion | null> {
    // One indexed row, prepared.
    const byId = 'id' in ref;
    const rows = await preparedQuery<{ id: string; short_code: string; public_version: string; state: Draw['state']; schedule_date: Date }>(
      this.dataSource,
      byId ? PUBLIC_VERSION_READS.byId : PUBLIC_VERSION_READS.byShortCode,
      `SELECT id, short_code, public_version, state, schedule_date FROM draw WHERE ${byId ? 'id = $1' : 'short_code = $1'} AND state <> 'draft' LIMIT 1`,
      [byId ? ref.id : ref.shortCode],
    );
    const row = rows[0];
    return row ? { id: row.id, shortCode: row.short_code, version: row.public_version, state: row.state, scheduleDate: row.schedule_date } : null;
  }

  async findByShortCode(shortCode: string): Promise<Draw | null> {
    const rows = (await this.dataSource.query(`SELECT id FROM draw WHERE short_code = $1 AND state <> 'draft' LIMIT 1`, [shortCode])) as { id: string }[];
    return rows[0] ? this.findById(rows[0].id) : null;
  }

  async winnersOf(id: string, perPrize?: number): Promise<Winner[]> {
    const rows = await this.winners.find({
      where: { drawId: id, ...(perPrize !== undefined && { position: LessThan(perPrize) }) },
      order: { prizePosition: 'ASC', kind: 'DESC', position: 'ASC' },
    });
    return rows.map((row) => DrawMapper.winner(row));
  }

  async *winnerBatches(id: string, batchSize: number): AsyncGenerator<Winner[]> {
    // Keyset pages in the download's order (prize, winners before reserves, position). The order mixes directions, so
    // each page is the union of three index ranges after the last row (the rest of its kind, the prize's reserves, the
    // later prizes): every page starts where the last ended instead of filtering its way there (a million winners
    // otherwise cost a quadratic scan).
    let after: [number, string, number] = [-1, 'winner', -1];
    const columns = 'prize_position, kind, position, row_index, columns';
    for (;;) {
      const rows: { prize_position: number; kind: Winner['kind']; position: number; row_index: string; columns: string[] | null }[] = await this.dataSource.query(
        `SELECT * FROM (
           (SELECT ${columns} FROM draw_winner WHERE draw_id = $1 AND prize_position = $2 AND kind = $3 AND position > $4 ORDER BY position LIMIT $5)
           UNION ALL
           (SELECT ${columns} FROM draw_winner WHERE draw_id = $1 AND prize_position = $2 AND kind < $3 ORDER BY kind DESC, position LIMIT $5)
           UNION ALL
           (SELECT ${columns} FROM draw_winner WHERE draw_id = $1 AND prize_position > $2 ORDER BY prize_position, kind DESC, position LIMIT $5)
         ) page ORDER BY prize_position, kind DESC, position LIMIT $5`,
        [id, after[0], after[1], after[2], batchSize],
      );
      if (rows.length === 0) return;
      yield rows.map((row) => ({ prizeIndex: row.prize_position, kind: row.kind, position: row.position, row: Number(row.row_index), columns: row.columns }));
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1];
      after = [last.prize_position, last.kind, last.position];
    }
  }

  async withLockedDraw<T>(id: string, work: (locked: LockedDraw) => Promise<T>): Promise<T | null> {
    return scopedTransaction(this.dataSource, async (manager) => {
      const row = await manager.getRepository(DrawOrmEntity).createQueryBuilder('d').setLock('pessimistic_write').where('d.id = :id', { id }).getOne();
      if (!row) return null;
      const prizes = await manager.getRepository(DrawPrizeOrmEntity).findBy({ drawId: id });
      const draw = DrawMapper.toDomain(row, prizes);
      const audit = (to: string, actor: string, detail: string | null, at: Date) =>
        manager.query('INSERT INTO draw_audit (draw_id, at, from_state, to_state, actor, detail) VALUES ($1, $2, $3, $4, $5, $6)', [id, at, row.state, to, actor, detail]);
      return work({
        draw,
        committedSeed: row.seed,
        complete: async (result, at, actor) => {
          await copyWinners(manager, id, result.winners);
          await manager.getRepository(DrawOrmEntity).update(
            { id },
            {
              state: 'drawn',
              drawnAt: at,
              entriesSha256: result.entriesSha256,
              engineVersion: result.engineVersion,
              durationMs: Math.round(result.durationMs),
              beaconRandomness: result.beacon?.randomness ?? null,
              beaconSignature: result.beacon?.signature ?? null,
              beaconRetryAt: null,
            },
          );
          await audit('drawn', actor, `${result.winners.count} winners and reserves drawn`, at);
        },
        fail: async (reason, at, actor) => {
          await manager.getRepository(DrawOrmEntity).update({ id }, { state: 'error', errorMessage: reason });
          await audit('error', actor, reason, at);
        },
      });
    });
  }

  async dueDrawIds(before: Date): Promise<string[]> {
    const rows = await this.draws
      .createQueryBuilder('d')
      .select('d.id', 'id')
      .where(`d.state = 'scheduled' AND d.schedule_date <= :before AND (d.beacon_retry_at IS NULL OR d.beacon_retry_at <= :before)`, { before })
      .getRawMany<{ id: string }>();
    return rows.map((row) => row.id);
  }

  async markScheduled(id: string, actor: string, at: Date, moveTo?: { scheduleDate: Date; beaconRound: number | null } | null): Promise<boolean> {
    return scopedTransaction(this.dataSource, async (manager) => {
      const [, changed] = (await manager.query(
        `UPDATE draw SET state = 'scheduled', updated_at = $2, schedule_date = COALESCE($3, schedule_date), beacon_round = COALESCE($4, beacon_round)
          WHERE id = $1 AND state = 'draft'`,
        [id, at, moveTo?.scheduleDate ?? null, moveTo?.beaconRound ?? null],
      )) as [unknown, number];
      if (changed) await manager.query(`INSERT INTO draw_audit (draw_id, at, from_state, to_state, actor, detail) VALUES ($1, $2, 'draft', 'scheduled', $3, 'paid')`, [id, at, actor]);
      return changed > 0;
    });
  }

  async deleteDraft(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM draw WHERE id = $1 AND state = 'draft'`, [id]);
  }

  async deleteUnpaidSubmission(id: string): Promise<boolean> {
    return scopedTransaction(this.dataSource, async (manager) => {
      const [, deleted] = (await manager.query(`DELETE FROM draw WHERE id = $1 AND state = 'draft' AND wizard_state IS NULL`, [id])) as [unknown, number];
      return deleted > 0;
    });
  }

  async saveDraft(
    draft: {
      id?: string;
      name: string;
      organisation: string;
      ownerUserId: string | null;
      clientSession: string | null;
      wizardState: unknown;
      shortCode: string;
      seed: Buffer;
      seedHash: string;
      source: 'web' | 'api' | 'test';
    },
    at: Date,
  ): Promise<string | null> {
    if (draft.id) {
      const [rows] = (await this.dataSource.query(`UPDATE draw SET wizard_state = $2, name = $3, organisation = $4, updated_at = $5 WHERE id = $1 AND state = 'draft' RETURNING id`, [
        draft.id,
        JSON.stringify(draft.wizardState),
        draft.name,
        draft.organisation,
        at,
      ])) as [{ id: string }[], number];
      return rows[0]?.id ?? null;
    }
    // The draft and its audit row in one statement: a process dying in between leaves both or neither.
    const [row] = (await this.dataSource.query(
      `WITH made AS (
         INSERT INTO draw (short_code, name, organisation, state, source, owner_user_id, client_session, entry_method, entry_count, schedule_date, seed, seed_hash, seed_scheme, payment_option, wizard_state, created_at, updated_at)
         VALUES ($1, $2, $3, 'draft', $4, $5, $6, 'simple', 0, $7, $8, $9, 'beacon/1', 2, $10, $7, $7) RETURNING id)
       INSERT INTO draw_audit (draw_id, at, from_state, to_state, actor, detail) SELECT id, $7, NULL, 'draft', $11, 'saved from the wizard' FROM made RETURNING draw_id AS id`,
      [
        draft.shortCode,
        draft.name,
        draft.organisation,
        draft.source,
        draft.ownerUserId,
        draft.clientSession,
        at,
        draft.seed,
        draft.seedHash,
        JSON.stringify(draft.wizardState),
        draft.ownerUserId ? `user ${draft.ownerUserId}` : 'visitor',
      ],
    )) as { id: string }[];
    return row.id;
  }

  async findDraft(id: string): Promise<{ id: string; ownerUserId: string | null; clientSession: string | null; source: DrawSource; wizardState: unknown; updatedAt: Date } | null> {
    const rows = (await this.dataSource.query(`SELECT id, owner_user_id, client_session, source, wizard_state, updated_at FROM draw WHERE id = $1 AND state = 'draft' AND wizard_state IS NOT NULL`, [
      id,
    ])) as {
      id: string;
      owner_user_id: string | null;
      client_session: string | null;
      source: DrawSource;
      wizard_state: unknown;
      updated_at: Date;
    }[];
    const row = rows[0];
    return row ? { id: row.id, ownerUserId: row.owner_user_id, clientSession: row.client_session, source: row.source, wizardState: row.wizard_state, updatedAt: row.updated_at } : null;
  }

  async unpaidSubmissionsBefore(before: Date): Promise<{ id: string; ownerUserId: string | null }[]> {
    const rows = (await this.dataSource.query(`SELECT id, owner_user_id FROM draw WHERE state = 'draft' AND wizard_state IS NULL AND updated_at < $1`, [before])) as {
      id: string;
      owner_user_id: string | null;
    }[];
    return rows.map((row) => ({ id: row.id, ownerUserId: row.owner_user_id }));
  }

  async deleteDraftsOlderThan(before: Date): Promise<number> {
    const [, count] = (await this.dataSource.query(`DELETE FROM draw WHERE state = 'draft' AND updated_at < $1`, [before])) as [unknown, number];
    return count;
  }

  async statesOf(ids: string[]): Promise<Map<string, DrawState>> {
    const rows = (await this.dataSource.query('SELECT id, state FROM draw WHERE id = ANY($1::uuid[])', [ids])) as { id: string; state: DrawState }[];
    return new Map(rows.map((row) => [row.id, row.state]));
  }

  async uploadsInUse(fileNames: string[]): Promise<Set<string>> {
    // A draft's wizard state is the client's to shape: any string in it that is one of these names keeps that upload.
    const rows = (await this.dataSource.query(
      `SELECT file_name AS name FROM draw WHERE file_name = ANY($1::text[])
       UNION
       SELECT value #>> '{}' FROM draw, jsonb_path_query(wizard_state, 'strict $.**') AS value
        WHERE state = 'draft' AND wizard_state IS NOT NULL AND jsonb_typeof(value) = 'string' AND value #>> '{}' = ANY($1::text[])`,
      [fileNames],
    )) as { name: string }[];
    return new Set(rows.map((row) => row.name));
  }

  async linkOwner(id: string, userId: string, actor: string, at: Date): Promise<boolean> {
    return scopedTransaction(this.dataSource, async (manager) => {
      const [, linked] = (await manager.query('UPDATE draw SET owner_user_id = $2, updated_at = $3 WHERE id = $1 AND owner_user_id IS NULL', [id, userId, at])) as [unknown, number];
      if (!linked) return false;
      await manager.query(`INSERT INTO draw_audit (draw_id, at, from_state, to_state, actor, detail) SELECT id, $2, state, state, $3, 'linked to a new account' FROM draw WHERE id = $1`, [
        id,
        at,
        actor,
      ]);
      return true;
    });
  }

  async listForOwner(query: DrawListQuery): Promise<{ draws: Draw[]; total: number }> {
    const order = {
      RelevantDate: 'COALESCE(d.drawn_at, d.schedule_date)',
      Name: 'lower(d.name)',
      Organisation: 'lower(d.organisation)',
      State: 'd.state',
      Created: 'd.created_at',
    }[query.sortField];
    const builder = this.draws
      .createQueryBuilder('d')
      .where('d.owner_user_id = :owner', { owner: query.ownerUserId })
      .andWhere('d.source IN (:...sources)', { sources: query.sources })
      .andWhere('d.state IN (:...states)', { states: query.states })
      .orderBy(order, query.descending ? 'DESC' : 'ASC')
      .addOrderBy('d.id', 'ASC')
      .offset((query.page - 1) * query.count)
      .limit(query.count);
    // The total from the per-owner counters the draw table's triggers keep (see AddDrawOwnerCount), at the same time as the page.
    const counted = this.dataSource.query('SELECT COALESCE(SUM(draws), 0)::int AS total FROM draw_owner_count WHERE owner_user_id = $1 AND source = ANY($2) AND state = ANY($3)', [
      query.ownerUserId,
      query.sources,
      query.states,
    ]) as Promise<{ total: number }[]>;
    // Each draw's prizes come with its row (one round trip fewer); without joins the raw rows and entities align.
    const paged = builder.addSelect(`(SELECT COALESCE(json_agg(p), '[]') FROM draw_prize p WHERE p.draw_id = d.id)`, 'list_prizes');
    const [{ entities, raw }, [count]] = await Promise.all([paged.getRawAndEntities<{ list_prizes: Record<string, unknown>[] }>(), counted]);
    const total = count?.total ?? 0;
    return {
      draws: entities.map((row, i) =>
        DrawMapper.toDomain(
          row,
          raw[i].list_prizes.map((prize) => this.hydrate(DrawPrizeOrmEntity, prize)),
        ),
      ),
      total,
    };
  }

  async cancel(id: string, actor: string, at: Date): Promise<boolean> {
    return this.changeScheduled(id, actor, at, 'cancelled', 'cancelled by its owner', `state = 'cancelled'`, []);
  }

  async reschedule(id: string, scheduleDate: Date, scheduleTimeZone: string, beaconRound: number | null, actor: string, at: Date): Promise<boolean> {
    return this.moveScheduled(id, actor, at, scheduleDate, beaconRound, `rescheduled to ${scheduleDate.toISOString()} (${scheduleTimeZone})`, scheduleTimeZone);
  }

  async moveToNow(id: string, at: Date, beaconRound: number | null, actor: string): Promise<boolean> {
    return this.moveScheduled(id, actor, at, at, beaconRound, `draw now at ${at.toISOString()}`);
  }

  /** A new time for a scheduled draw, with the round fixed for it: earlier failed tries at the old round no longer count. */
  private moveScheduled(id: string, actor: string, at: Date, scheduleDate: Date, beaconRound: number | null, detail: string, scheduleTimeZone?: string): Promise<boolean> {
    return this.changeScheduled(
      id,
      actor,
      at,
      'scheduled',
      beaconRound === null ? detail : `${detail}, beacon round ${beaconRound}`,
      `schedule_date = $3, schedule_time_zone = COALESCE($4, schedule_time_zone), beacon_round = COALESCE($5, beacon_round),
       beacon_attempts = 0, beacon_retry_at = NULL, beacon_error = NULL`,
      [scheduleDate, scheduleTimeZone ?? null, beaconRound],
    );
  }

  async waitForBeacon(id: string, reason: string, retryAt: Date): Promise<void> {
    await this.dataSource.query(`UPDATE draw SET beacon_attempts = beacon_attempts + 1, beacon_retry_at = $2, beacon_error = $3 WHERE id = $1 AND state = $4`, [id, retryAt, reason, CHANGEABLE_STATE]);
  }

  async scrutineerOf(id: string): Promise<NamedScrutineer | null> {
    const rows = (await this.dataSource.query('SELECT first_name, last_name, email_address, qualification, notes, named_at FROM draw_scrutineer WHERE draw_id = $1', [id])) as NamedScrutineerRow[];
    return rows[0] ? namedScrutineerOfRow(rows[0]) : null;
  }

  async saveScrutineer(id: string, scrutineer: Scrutineer | null, actor: string, at: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (scrutineer) {
        await manager.query(
          // Named anew when who they are changes; the owner's notes alone do not name anyone.
          `INSERT INTO draw_scrutineer (draw_id, first_name, last_name, email_address, qualification, notes, updated_at, named_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
           ON CONFLICT (draw_id) DO UPDATE SET first_name = $2, last_name = $3, email_address = $4, qualification = $5, notes = $6, updated_at = $7,
             named_at = CASE WHEN (draw_scrutineer.first_name, draw_scrutineer.last_name, draw_scrutineer.email_address, draw_scrutineer.qualification) IS NOT DISTINCT FROM ($2, $3, $4, $5)
                        THEN draw_scrutineer.named_at ELSE $7 END`,
          [id, scrutineer.firstName, scrutineer.lastName, scrutineer.emailAddress, scrutineer.qualification, scrutineer.notes, at],
        );
      } else {
        await manager.query('DELETE FROM draw_scrutineer WHERE draw_id = $1', [id]);
      }
      await manager.query(`INSERT INTO draw_audit (draw_id, at, from_state, to_state, actor, detail) SELECT id, $2, state, state, $3, $4 FROM draw WHERE id = $1`, [
        id,
        at,
        actor,
        scrutineer ? `scrutineer set: ${scrutineer.firstName} ${scrutineer.lastName}` : 'scrutineer removed',
      ]);
    });
  }

  async scrutineersOfOwner(ownerUserId: string): Promise<Scrutineer[]> {
    const rows = (await this.dataSource.query(
      `SELECT first_name, last_name, email_address, qualification, notes FROM (
         SELECT DISTINCT ON (lower(s.email_address)) s.first_name, s.last_name, s.email_address, s.qualification, s.notes, s.updated_at
           FROM draw_scrutineer s JOIN draw d ON d.id = s.draw_id
          WHERE d.owner_user_id = $1
          ORDER BY lower(s.email_address), s.updated_at DESC) latest
        ORDER BY updated_at DESC`,
      [ownerUserId],
    )) as ScrutineerRow[];
    return rows.map(scrutineerOfRow);
  }

  async findByDisplayId(displayId: string): Promise<{ id: string } | null> {
    const rows = (await this.dataSource.query(`SELECT id FROM draw WHERE right(id::text, 12) = $1 AND state <> 'draft' LIMIT 1`, [displayId])) as { id: string }[];
    return rows[0] ?? null;
  }

  private async changeScheduled(id: string, actor: string, at: Date, to: string, detail: string, set: string, params: unknown[]): Promise<boolean> {
    return scopedTransaction(this.dataSource, async (manager) => {
      // The race-safe check of draw-state's rule: only a draw still in the changeable state changes, and only before the
      // time it has now (`at` is when the request checked it): a request that checked the draw before another moved it
      // to now would otherwise move it again after that time had come, to a round perhaps already out (the log's check).
      const stateParam = `$${3 + params.length}`;
      const [rows] = (await manager.query(`UPDATE draw SET ${set}, updated_at = $2 WHERE id = $1 AND state = ${stateParam} AND schedule_date > $2 RETURNING id`, [
        id,
        at,
        ...params,
        CHANGEABLE_STATE,
      ])) as [unknown[], number];
      if (rows.length === 0) return false;
      await manager.query(`INSERT INTO draw_audit (draw_id, at, from_state, to_state, actor, detail) VALUES ($1, $2, $3, $4, $5, $6)`, [id, at, CHANGEABLE_STATE, to, actor, detail]);
      return true;
    });
  }
}

interface ScrutineerRow {
  first_name: string;
  last_name: string;
  email_address: string;
  qualification: string | null;
  notes: string | null;
}

function scrutineerOfRow(row: ScrutineerRow): Scrutineer {
  return { firstName: row.first_name, lastName: row.last_name, emailAddress: row.email_address, qualification: row.qualification, notes: row.notes };
}

/** `named_at` is a Date from a column, an ISO string from row_to_json. */
type NamedScrutineerRow = ScrutineerRow & { named_at: Date | string };

function namedScrutineerOfRow(row: NamedScrutineerRow): NamedScrutineer {
  return { ...scrutineerOfRow(row), namedAt: new Date(row.named_at) };
}

/**
 * Writes the winners with COPY on the transaction's own connection, in its binary format: the server parses no
 * uuid or integer text, and the rows' JSON goes in as it was read from the file, without escaping.
 */
async function copyWinners(manager: EntityManager, drawId: string, winners: DrawnWinners): Promise<void> {
  const draw = uuidBytes(drawId);
  const kinds = { winner: Buffer.from('winner'), reserve: Buffer.from('reserve') };
  const columns = winners.columnsJson;
  async function* chunks(): AsyncGenerator<Buffer> {
    const copy = new CopyBinaryWriter();
    for (let i = 0; i < winners.count; i++) {
      copy.row(6).uuid(draw).int4(winners.prizeIndex[i]).text(kinds[winners.kind[i]]).int4(winners.position[i]).int8(winners.row[i]);
      if (columns) copy.json(columns.bytes.subarray(columns.offsets[i], columns.offsets[i + 1]));
      else copy.null();
      if (i % COPY_CHUNK_ROWS === 0) yield* copy.take();
    }
    yield* copy.end();
  }
  const client = (await manager.queryRunner!.connect()) as pg.PoolClient;
  await copyRows(client, 'COPY draw_winner (draw_id, prize_position, kind, position, row_index, columns) FROM STDIN (FORMAT binary)', chunks);
}
