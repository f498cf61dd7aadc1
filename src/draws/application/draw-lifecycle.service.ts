import { Inject, Injectable } from '@nestjs/common';
import { firstRoundAfter, firstRoundAtOrAfter } from '#rng';
import { CreditService } from '../../billing/application/credit.service.js';
import { DrawLogService } from '../../draw-log/application/draw-log.service.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { DRAW_REPOSITORY, SCRUTINEER_REPOSITORY } from '../draws.tokens.js';
import { type Scrutineer, testKeyRefusal } from '../domain/draw-actions.js';
import { actionRefusal, newTimeRefusal, STATE_MESSAGES } from '../domain/draw-state.js';
import { type Draw, displayIdOf } from '../domain/draw.js';
import { cancelledEntry, rescheduledEntry } from '../domain/draw-log-entries.js';
import { DRAW_MESSAGES } from '../domain/draw-rules.js';
import { ExecuteDrawService } from './execute-draw.service.js';
import type { DrawListQuery, DrawRepository } from './ports/draw.repository.port.js';
import { DrawScheduleService } from './draw-schedule.service.js';
import { ConflictError, NotAllowedError, NotFoundError, ruleBroken } from '../../platform/errors/application-errors.js';
import { type Caller, mayAct, OWNERSHIP } from '../../platform/ownership/ownership.js';
import type { ScrutineerRepository } from './ports/scrutineer.repository.port.js';

/** The owner's actions on a draw (part 2 §4, §5, §7): each re-checks ownership and state, and is audited. */
@Injectable()
export class DrawLifecycleService {
  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(SCRUTINEER_REPOSITORY) private readonly scrutineers: ScrutineerRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly execution: ExecuteDrawService,
    private readonly schedule: DrawScheduleService,
    private readonly credits: CreditService,
    private readonly log: DrawLogService,
    private readonly transactions: Transactions,
  ) {}

  /** A change of a scheduled draw and its draw log entry, in one transaction: false when the draw was no longer scheduled. */
  private changeLogged(change: () => Promise<boolean>, entry: Parameters<DrawLogService['append']>[0]): Promise<boolean> {
    return this.transactions.run(async () => {
      if (!(await change())) return false;
      await this.log.append(entry);
      return true;
    });
  }

  list(query: DrawListQuery): Promise<{ draws: Draw[]; total: number }> {
    return this.draws.listForOwner(query);
  }

  async cancel(id: string, viewer: Caller, actor: string): Promise<void> {
    const draw = await this.owned(id, viewer);
    // A draw cancelled without its refund (stored so before the refund joined the cancellation's transaction) gets
    // it when a cancel is retried (once: the refund is keyed by the draw), though it can no longer be cancelled.
    if (draw.state === 'cancelled' && draw.ownerUserId) await this.credits.refundFor(draw.ownerUserId, id);
    const refusal = actionRefusal('cancel', draw, this.clock.now());
    const now = this.clock.now();
    // The refund in the cancellation's transaction: a process dying in between must not leave the draw cancelled
    // without it, as the owner's page offers cancel (the only retry) for a scheduled draw only.
    const cancelled =
      !refusal &&
      (await this.transactions.run(async () => {
        if (!(await this.changeLogged(() => this.draws.cancel(id, actor, now), cancelledEntry(id, now)))) return false;
        if (draw.ownerUserId) await this.credits.refundFor(draw.ownerUserId, id);
        return true;
      }));
    if (!cancelled) throw new ConflictError(refusal ?? DRAW_MESSAGES.submitFallback);
  }

  async reschedule(id: string, viewer: Caller, actor: string, scheduleDate: Date | null, requestedTimeZone: string | null): Promise<void> {
    const draw = await this.owned(id, viewer);
    if (!scheduleDate) return this.drawNow(id, viewer, actor);
    // A new time without a zone keeps the draw's: its pages and certificate would otherwise turn to UTC.
    const scheduleTimeZone = requestedTimeZone ?? draw.scheduleTimeZone;
    const now = this.clock.now();
    const refusal = actionRefusal('reschedule', draw, now);
    if (refusal) throw new ConflictError(refusal);
    const badTime = newTimeRefusal(draw, scheduleDate, now);
    if (badTime) throw ruleBroken(badTime.field, badTime.message);
    // A new time fixes a new round (never one already reached: the time is in the future).
    const round = draw.beacon ? firstRoundAtOrAfter(draw.beacon, scheduleDate.getTime()) : null;
    if (!(await this.changeLogged(() => this.draws.reschedule(id, scheduleDate, scheduleTimeZone, round, actor, now), rescheduledEntry(id, scheduleDate, round, now))))
      throw new ConflictError(STATE_MESSAGES.notScheduled);
    await this.schedule.schedule(id, scheduleDate);
  }

  async drawNow(id: string, viewer: Caller, actor: string): Promise<void> {
    const draw = await this.owned(id, viewer);
    const now = this.clock.now();
    const refusal = actionRefusal('drawNow', draw, now);
    if (refusal) throw new ConflictError(refusal);
    // A draw whose time has come (missed, or waiting for its beacon round) is drawn as fixed: moved now, it could take a
    // round already out, which its certificate's log check rightly refuses ("moved after its time had come").
    if (draw.scheduleDate.getTime() > now.getTime()) {
      // The draw's time becomes the moment this request was accepted, and its round the first after it.
      const round = draw.beacon ? firstRoundAfter(draw.beacon, now.getTime()) : null;
      if (!(await this.changeLogged(() => this.draws.moveToNow(id, now, round, actor), rescheduledEntry(id, now, round, now)))) {
        throw new ConflictError(STATE_MESSAGES.notScheduled);
      }
    }
    const outcome = await this.execution.execute(id, `${actor}, draw now`);
    // Moved to now, the draw is due: the sweep or its job may draw it first (this execution then waits on its lock and
    // skips). What was asked for happened; only a draw left undrawn is refused.
    if (outcome === 'skipped' && (await this.draws.findById(id))?.state === 'scheduled') {
      throw new ConflictError(STATE_MESSAGES.notScheduled);
    }
  }

  async saveScrutineer(id: string, viewer: Caller, actor: string, scrutineer: Scrutineer | null): Promise<void> {
    const draw = await this.owned(id, viewer);
    const refusal = actionRefusal('saveScrutineer', draw, this.clock.now());
    if (refusal) throw new ConflictError(refusal);
    await this.scrutineers.saveScrutineer(id, scrutineer, actor, this.clock.now());
  }

  scrutineerOf(id: string): Promise<Scrutineer | null> {
    return this.scrutineers.scrutineerOf(id);
  }

  scrutineerPrefills(ownerUserId: string): Promise<Scrutineer[]> {
    return this.scrutineers.scrutineersOfOwner(ownerUserId);
  }

  async lookup(displayId: string): Promise<{ id: string; displayId: string }> {
    const found = await this.draws.findByDisplayId(displayId);
    if (!found) throw new NotFoundError('Draw not found.');
    return { id: found.id, displayId: displayIdOf(found.id) };
  }

  private async owned(id: string, viewer: Caller): Promise<Draw> {
    const draw = await this.draws.findById(id);
    const mine = draw && mayAct(viewer, draw, OWNERSHIP.draw);
    // Someone else's draw answers as a missing one: its existence is not confirmed to them.
    if (!draw || !mine) throw new NotFoundError('Draw not found.');
    const refusal = testKeyRefusal(draw, viewer);
    if (refusal) throw new NotAllowedError(refusal);
    return draw;
  }
}
