import { Inject, Injectable, Logger } from '@nestjs/common';
import { DrawInputError, type DrawOutcome, runDraw } from '#draw-engine';
import { beaconSeed, createSeededSource, roundTime, SEED_SCHEMES } from '#rng';
import { setTimeout as delay } from 'node:timers/promises';
import { BeaconUnavailableError, type VerifiedRound } from '../../platform/beacon/beacon.port.js';
import { BeaconService } from '../../platform/beacon/beacon.service.js';
import { DrawLogService } from '../../draw-log/application/draw-log.service.js';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { EntriesFileError } from '#entries-file';
import { UploadNotFoundError } from '../../uploads/domain/upload.errors.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { DRAW_EXECUTION_HOOKS, DRAW_REPOSITORY } from '../draws.tokens.js';
import type { Draw } from '../domain/draw.js';
import { drawnEntry } from '../domain/draw-log-entries.js';
import type { DrawExecutionHooks } from './ports/draw-execution-hooks.port.js';
import type { DrawnWinners, DrawRepository, DrawResult } from './ports/draw.repository.port.js';

/** The algorithm the certificate promises (libs/draw-engine/README.md); bumped if it ever changes. */
const ENGINE_VERSION = 'fairdraw-engine/1';

/** 'waiting': the draw's beacon round could not be had yet; the draw stays scheduled and the sweep tries again. */
export type ExecutionOutcome = 'drawn' | 'error' | 'skipped' | 'waiting';

/** Tries at the round within one execution (drand relays publish a round within a second or so of its time). */
const ROUND_TRIES_MS = [0, 500, 1_000, 2_000];
/** After that, the sweep tries again: 5 s, 10 s, 20 s … at most every 5 minutes. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

/**
 * Runs a draw exactly once. The draw row stays locked while the engine runs and the winners are written with the
 * state change in the same transaction: a second process waits, then sees the draw drawn; a process that dies
 * mid-draw commits nothing, and the next attempt draws the same winners from the same stored seed. A beacon draw's
 * round is had (and verified) before the lock is taken, and a draw is never drawn without it: it waits instead.
 */
@Injectable()
export class ExecuteDrawService {
  private readonly logger = new Logger('Draws');

  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(DRAW_EXECUTION_HOOKS) private readonly hooks: DrawExecutionHooks,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly entries: EntriesIndexService,
    private readonly beacon: BeaconService,
    private readonly log: DrawLogService,
  ) {}

  /** `dueAt`: the time a scheduled job was queued for; a draw since moved to another time is not drawn by it. */
  async execute(drawId: string, actor: string, dueAt?: Date): Promise<ExecutionOutcome> {
    const round = await this.beaconRoundOf(drawId, dueAt);
    if (round === 'skipped' || round === 'waiting') return round;
    const outcome = await this.draws.withLockedDraw(drawId, async (locked): Promise<ExecutionOutcome> => {
      if (locked.draw.state !== 'scheduled') return 'skipped';
      if (dueAt !== undefined && locked.draw.scheduleDate.getTime() !== dueAt.getTime()) return 'skipped';
      // Moved (another round fixed) while its round was being had: the move's own execution draws it.
      if (locked.draw.seedScheme === SEED_SCHEMES.beacon && locked.draw.beacon?.round !== round?.round) return 'skipped';
      let result: DrawResult;
      try {
        result = await this.run(locked.draw, engineSeed(locked.committedSeed, round), round);
      } catch (error) {
        const reason = reasonOf(error) ?? (await this.goneFileReason(locked.draw));
        if (!reason) throw error;
        await locked.fail(reason, this.clock.now(), actor);
        this.logger.warn(`Draw ${drawId} could not be executed: ${reason}`);
        return 'error';
      }
      await this.hooks.beforeCommit(drawId);
      const at = this.clock.now();
      await locked.complete(result, at, actor);
      // In the lock's transaction: the result is logged exactly when it is stored.
      await this.log.append(drawnEntry(drawId, locked.draw.prizes.length, result.winners, result.beacon?.round ?? null, at));
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

  /**
   * The verified beacon round of a due `beacon/1` draw (null for `seed/1` draws): waits for the round's time (at most a
   * period away), then asks the beacon a few times. When it cannot be had the draw is marked waiting, with the time
   * the sweep tries again, backing off.
   */
  private async beaconRoundOf(drawId: string, dueAt?: Date): Promise<VerifiedRound | null | 'skipped' | 'waiting'> {
    const draw = await this.draws.findById(drawId);
    if (!draw || draw.state !== 'scheduled') return 'skipped';
    if (dueAt !== undefined && draw.scheduleDate.getTime() !== dueAt.getTime()) return 'skipped';
    if (draw.seedScheme !== SEED_SCHEMES.beacon) return null;
    const beacon = draw.beacon;
    if (!beacon) throw new Error(`Draw ${drawId} has no beacon round`);
    const untilRound = roundTime(beacon, beacon.round) * 1000 - this.clock.now().getTime();
    if (untilRound > (beacon.period + 1) * 1000) return 'skipped';
    if (untilRound > 0) await delay(untilRound);
    let reason = '';
    for (const pause of ROUND_TRIES_MS) {
      if (pause) await delay(pause);
      try {
        return await this.beacon.round(beacon, beacon.round);
      } catch (error) {
        if (!(error instanceof BeaconUnavailableError)) throw error;
        reason = error.message;
      }
    }
    const retryInMs = Math.min(RETRY_FIRST_MS * 2 ** draw.failedBeaconTries, RETRY_MAX_MS);
    await this.draws.waitForBeacon(drawId, reason, new Date(this.clock.now().getTime() + retryInMs));
    this.logger.warn(`Draw ${drawId} waits for beacon round ${beacon.round}: ${reason}`);
    return 'waiting';
  }

  private async run(draw: Draw, seed: Uint8Array, round: VerifiedRound | null): Promise<DrawResult> {
    const started = performance.now();
    const prizes = draw.prizes.map(({ quantity, reserves }) => ({ quantity, reserves }));
    const source = createSeededSource(seed);
    if (draw.entries.method === 'simple') {
      const outcome = runDraw({ entryCount: draw.entries.entryCount, prizes, oneWinPerEntrant: draw.entries.oneWinPerEntrant }, source);
      return { winners: winnersOf(outcome, null), entriesSha256: null, engineVersion: ENGINE_VERSION, durationMs: performance.now() - started, beacon: round };
    }
    const index = await this.entries.load(
      draw.entries.fileName ?? '',
      { clientSession: draw.clientSession, userId: draw.ownerUserId },
      { headerRow: draw.entries.headerRow, entryCountColumn: draw.entries.entryCountColumn, uniqueEntrantIdColumn: draw.entries.uniqueEntrantIdColumn },
    );
    const outcome = runDraw({ entryCount: index.entryCount, tickets: index.tickets, entrantOf: index.entrantOf, prizes, oneWinPerEntrant: draw.entries.oneWinPerEntrant }, source);
    // In pick order, as winnersOf lists them: each prize's winners, then its reserves.
    const picked = outcome.prizes.flatMap((prize) => [...prize.winners, ...prize.reserves]);
    const columnsJson = await this.entries.readRowsJson(index, picked);
    return { winners: winnersOf(outcome, columnsJson), entriesSha256: index.fileSha256, engineVersion: ENGINE_VERSION, durationMs: performance.now() - started, beacon: round };
  }
}

/** The engine's seed: `seed/1`'s committed seed as it is, `beacon/1`'s server seed ‖ the round's randomness. */
function engineSeed(committed: Buffer, round: VerifiedRound | null): Uint8Array {
  return round ? beaconSeed(committed, Buffer.from(round.randomness, 'hex')) : new Uint8Array(committed);
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
    for (const [kind, rows] of [
      ['winner', prize.winners],
      ['reserve', prize.reserves],
    ] as const) {
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
