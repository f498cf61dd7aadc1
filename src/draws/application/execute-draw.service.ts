import { Inject, Injectable, Logger } from '@nestjs/common';
import { DrawInputError, type DrawOutcome, runDraw } from '#draw-engine';
import { createSeededSource } from '#rng';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { EntriesFileError } from '../../uploads/domain/entries-file/entries-file.error.js';
import { UploadNotFoundError } from '../../uploads/domain/upload.errors.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { DRAW_EXECUTION_HOOKS, DRAW_REPOSITORY } from '../draws.tokens.js';
import type { Draw } from '../domain/draw.js';
import type { DrawExecutionHooks } from './ports/draw-execution-hooks.port.js';
import type { DrawnWinners, DrawRepository, DrawResult } from './ports/draw.repository.port.js';

/** The algorithm the certificate promises (libs/draw-engine/README.md); bumped if it ever changes. */
export const ENGINE_VERSION = 'fairdraw-engine/1';

export type ExecutionOutcome = 'drawn' | 'error' | 'skipped';

/**
 * Runs a draw exactly once. The draw row stays locked while the engine runs and the winners are written with the
 * state change in the same transaction: a second process waits, then sees the draw drawn; a process that dies
 * mid-draw commits nothing, and the next attempt draws the same winners from the same stored seed.
 */
@Injectable()
export class ExecuteDrawService {
  private readonly logger = new Logger('Draws');

  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(DRAW_EXECUTION_HOOKS) private readonly hooks: DrawExecutionHooks,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly entries: EntriesIndexService,
  ) {}

  /** `dueAt`: the time a scheduled job was queued for; a draw since moved to another time is not drawn by it. */
  async execute(drawId: string, actor: string, dueAt?: Date): Promise<ExecutionOutcome> {
    const outcome = await this.draws.withLockedDraw(drawId, async (locked): Promise<ExecutionOutcome> => {
      if (locked.draw.state !== 'scheduled') return 'skipped';
      if (dueAt !== undefined && locked.draw.scheduleDate.getTime() !== dueAt.getTime()) return 'skipped';
      let result: DrawResult;
      try {
        result = await this.run(locked.draw);
      } catch (error) {
        const reason = reasonOf(error) ?? (await this.goneFileReason(locked.draw));
        if (!reason) throw error;
        await locked.fail(reason, this.clock.now(), actor);
        this.logger.warn(`Draw ${drawId} could not be executed: ${reason}`);
        return 'error';
      }
      await this.hooks.beforeCommit(drawId);
      await locked.complete(result, this.clock.now(), actor);
      return 'drawn';
    });
    return outcome ?? 'skipped';
  }

  /**
   * After an unexpected failure (a storage read, say): the reason when the draw's entries file is gone, which no retry
   * mends; undefined when it is there, so the failure is retried.
   */
  private async goneFileReason(draw: Draw): Promise<string | undefined> {
    if (draw.entries.method === 'simple') return undefined;
    try {
      await this.entries.requireStored(draw.entries.fileName ?? '', { clientSession: draw.clientSession, userId: draw.ownerUserId });
      return undefined;
    } catch (error) {
      return reasonOf(error);
    }
  }

  private async run(draw: Draw & { seed: Buffer }): Promise<DrawResult> {
    const started = performance.now();
    const prizes = draw.prizes.map(({ quantity, reserves }) => ({ quantity, reserves }));
    const source = createSeededSource(new Uint8Array(draw.seed));
    if (draw.entries.method === 'simple') {
      const outcome = runDraw({ entryCount: draw.entries.entryCount, prizes, oneWinPerEntrant: draw.entries.oneWinPerEntrant }, source);
      return { winners: winnersOf(outcome, null), entriesSha256: null, engineVersion: ENGINE_VERSION, durationMs: performance.now() - started };
    }
    const index = await this.entries.load(
      draw.entries.fileName ?? '',
      { clientSession: draw.clientSession, userId: draw.ownerUserId },
      { headerRow: draw.entries.headerRow, entryCountColumn: draw.entries.entryCountColumn, uniqueEntrantIdColumn: draw.entries.uniqueEntrantIdColumn },
    );
    const outcome = runDraw(
      { entryCount: index.entryCount, tickets: index.tickets, entrantOf: index.entrantOf, prizes, oneWinPerEntrant: draw.entries.oneWinPerEntrant },
      source,
    );
    // In pick order, as winnersOf lists them: each prize's winners, then its reserves.
    const picked = outcome.prizes.flatMap((prize) => [...prize.winners, ...prize.reserves]);
    const columnsJson = await this.entries.readRowsJson(index, picked);
    return { winners: winnersOf(outcome, columnsJson), entriesSha256: index.fileSha256, engineVersion: ENGINE_VERSION, durationMs: performance.now() - started };
  }
}

/** The winners and reserves of an outcome in pick order: each prize's winners, then its reserves. */
function winnersOf(outcome: DrawOutcome, columnsJson: DrawnWinners['columnsJson']): DrawnWinners {
  const count = outcome.prizes.reduce((n, prize) => n + prize.winners.length + prize.reserves.length, 0);
  const winners: DrawnWinners = {
    count,
    prizeIndex: new Uint32Array(count),
    kind: new Array<'winner' | 'reserve'>(count),
    position: new Uint32Array(count),
    row: new Float64Array(count),
    columnsJson,
  };
  let at = 0;
  outcome.prizes.forEach((prize, prizeIndex) => {
    for (const [kind, rows] of [['winner', prize.winners], ['reserve', prize.reserves]] as const) {
      for (let position = 0; position < rows.length; position++, at++) {
        winners.prizeIndex[at] = prizeIndex;
        winners.kind[at] = kind;
        winners.position[at] = position;
        winners.row[at] = rows[position];
      }
    }
  });
  return winners;
}

/** The owner-facing reason of a draw that can never be executed; undefined for failures worth retrying. */
function reasonOf(error: unknown): string | undefined {
  if (error instanceof DrawInputError || error instanceof EntriesFileError) return error.message;
  if (error instanceof UploadNotFoundError) return 'The entries file of this draw is no longer available.';
  return undefined;
}
