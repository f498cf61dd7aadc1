import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type DrawView, DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { VersionedCache } from '../../platform/http/public-answers.js';
import { ENTRY_CHECK_SECRET } from '../publication.tokens.js';
import { ENTRY_CHECK_MESSAGES, type EntryCheck, MAX_ENTRY_CHECK_NAME_LENGTH, normalizeCheckedValue } from '../domain/entry-check-rules.js';
import { EntryDigester } from '../domain/entry-digest.js';
import { type DrawColumn, isPublicDrawState } from '../domain/publication-rules.js';
import { DrawColumnsService } from './draw-columns.service.js';
import { TypeormEntryCheckRepository } from '../infrastructure/typeorm-entry-check.repository.js';
import { ConflictError, NotAllowedError, NotFoundError, RuleBrokenError } from '../../platform/errors/application-errors.js';
import { type Caller, VISITOR } from '../../platform/ownership/ownership.js';
import type { Attempt } from '../../platform/rate-limit/rate-limit.service.js';

export const ENTRY_CHECK_QUEUE = 'entry-check-process';

export interface EntryCheckColumn extends DrawColumn {
  /** Personal data, or the entry count column: not offered. */
  locked: boolean;
}

export interface EntryCheckSetup {
  view: DrawView;
  columns: EntryCheckColumn[];
  check: EntryCheck | null;
}

export interface ConfigureInput {
  columnIdx: number | null;
  columnName: string;
  showEntriesCount: boolean;
  countryCode: string | null;
}

/** Draws whose state the sweep of ended draws' checks asks for at a time. */
const ENDED_DRAWS_PAGE = 500;

/** How many draws' processed checks a process keeps. */
const CHECKS_KEPT = 500;

@Injectable()
export class EntryCheckService {
  private readonly processed = new VersionedCache<{ check: EntryCheck; digester: EntryDigester } | null>(CHECKS_KEPT);

  constructor(
    private readonly checks: TypeormEntryCheckRepository,
    @Inject(ENTRY_CHECK_SECRET) private readonly secret: Buffer,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly drawQuery: DrawQueryService,
    private readonly drawColumns: DrawColumnsService,
  ) {}

  async setup(drawId: string, viewer: Caller): Promise<EntryCheckSetup> {
    const view = await this.owned(drawId, viewer);
    const columns = view.draw.entries.method === 'simple' ? [] : await this.columnsOf(view);
    return { view, columns, check: await this.checks.find(drawId) };
  }

  async configure(drawId: string, viewer: Caller, input: ConfigureInput): Promise<EntryCheck> {
    const view = await this.owned(drawId, viewer, true);
    const { draw } = view;
    if (draw.entries.method === 'simple' || !draw.entries.fileName) throw new RuleBrokenError(ENTRY_CHECK_MESSAGES.needsFile);
    if (!isPublicDrawState(draw.state)) throw new ConflictError(ENTRY_CHECK_MESSAGES.notCheckable);
    const refuse = (field: string, message: string) => new RuleBrokenError(message, { [field]: [message] });
    const columns = await this.columnsOf(view);
    if (input.columnIdx === null || !Number.isInteger(input.columnIdx) || input.columnIdx < 0 || input.columnIdx >= columns.length) throw refuse('columnIdx', ENTRY_CHECK_MESSAGES.noColumn);
    if (columns[input.columnIdx].locked) throw refuse('columnIdx', ENTRY_CHECK_MESSAGES.locked);
    const columnName = input.columnName.replace(/\|/g, '').trim();
    if (!columnName) throw refuse('columnName', ENTRY_CHECK_MESSAGES.noName);
    if (columnName.length > MAX_ENTRY_CHECK_NAME_LENGTH) throw refuse('columnName', ENTRY_CHECK_MESSAGES.nameTooLong);
    const now = this.clock.now();
    const existing = await this.checks.find(drawId);
    // Same column, already processed or on its way: only the wording changes, nothing is read again.
    if (existing?.enabled && existing.columnIdx === input.columnIdx && existing.state !== 'error') {
      await this.checks.rename(drawId, columnName, input.showEntriesCount, now);
      return (await this.checks.find(drawId))!;
    }
    return this.checks.configure(
      {
        drawId,
        shortCode: draw.shortCode,
        columnIdx: input.columnIdx,
        columnName,
        showEntriesCount: input.showEntriesCount,
        salt: randomBytes(16),
        totalRows: draw.entries.entryCount,
        countryCode: input.countryCode,
      },
      now,
      ENTRY_CHECK_QUEUE,
    );
  }

  async cancel(drawId: string, viewer: Caller): Promise<void> {
    await this.owned(drawId, viewer, true);
    if (!(await this.checks.cancel(drawId, this.clock.now()))) throw new ConflictError(ENTRY_CHECK_MESSAGES.notAvailable);
  }

  /**
   * Cancels the checks of draws that can no longer be checked (cancelled, or ended in error), digests and all, and
   * answers how many: they answer no one, and their digests would keep entrants' values for nothing.
   */
  async cancelForEndedDraws(): Promise<number> {
    let cancelled = 0;
    let after: string | null = null;
    for (;;) {
      const drawIds = await this.checks.enabledDrawIds(after, ENDED_DRAWS_PAGE);
      if (drawIds.length === 0) return cancelled;
      const states = await this.drawQuery.statesOf(drawIds);
      for (const drawId of drawIds) {
        const state = states.get(drawId);
        if (state !== undefined && !isPublicDrawState(state) && (await this.checks.cancel(drawId, this.clock.now()))) cancelled++;
      }
      after = drawIds[drawIds.length - 1];
    }
  }

  /** The public page's facts: which draw, what to type. Only for an enabled check of a scheduled or drawn draw. */
  async publicCheck(shortCode: string): Promise<{ view: DrawView; check: EntryCheck }> {
    const check = await this.checks.findByShortCode(shortCode);
    const view = check?.enabled ? await this.drawQuery.find(check.drawId, VISITOR) : null;
    if (!check || !view || !isPublicDrawState(view.draw.state)) throw new NotFoundError(ENTRY_CHECK_MESSAGES.notAvailable);
    return { view, check };
  }

  /**
   * Whether a value is in the draw, and with how many entries (when the owner chose to show it); nothing else. Every
   * check counts as the entrant's `attempt`, answered or not; the value's lookup is counted in its own statement.
   */
  async check(shortCode: string, value: string, attempt: Attempt): Promise<{ found: boolean; entries: number | null }> {
    if (!normalizeCheckedValue(value)) {
      await attempt.consume();
      throw new RuleBrokenError(ENTRY_CHECK_MESSAGES.valueRequired, { value: [ENTRY_CHECK_MESSAGES.valueRequired] });
    }
    // The check as of the draw's public version (which its setup's every change moves): the value's lookup, counted
    // with the attempt, is the one statement of an entrant's check while the version is kept (issue 26).
    const version = await this.drawQuery.publicVersion({ shortCode });
    const current =
      version &&
      isPublicDrawState(version.state) &&
      (await this.processed.get(
        shortCode,
        version.version,
        async () => {
          const found = await this.checks.findByShortCode(shortCode);
          return found?.enabled && found.state === 'processed' ? { check: found, digester: new EntryDigester(this.secret, found.salt) } : null;
        },
        (made) => made !== null,
      ));
    if (!current) {
      await attempt.consume();
      throw new NotFoundError(ENTRY_CHECK_MESSAGES.notAvailable);
    }
    const { check, digester } = current;
    const entries = await this.checks.lookup(check.checkId, digester.digestOfText(value), attempt);
    return { found: entries !== null, entries: entries !== null && check.showEntriesCount ? entries : null };
  }

  private async columnsOf(view: DrawView): Promise<EntryCheckColumn[]> {
    const { columns } = await this.drawColumns.of(view.draw);
    return columns.map((column, c) => ({ ...column, locked: column.blacklisted || c === view.draw.entries.entryCountColumn }));
  }

  private async owned(drawId: string, viewer: Caller, changing = false): Promise<DrawView> {
    const view = await this.drawQuery.find(drawId, viewer);
    if (!view || !view.isOwner) throw new NotFoundError('Draw not found.');
    const refusal = changing && this.drawQuery.testKeyRefusal(view.draw, viewer);
    if (refusal) throw new NotAllowedError(refusal);
    return view;
  }
}
