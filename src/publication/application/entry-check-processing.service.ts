import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { JobsService } from '../../platform/jobs/jobs.service.js';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { EntriesFileError } from '#entries-file';
import { sortAndMerge } from '../domain/digest-table.js';
import { ENTRY_CHECK_MESSAGES } from '../domain/entry-check-rules.js';
import { EntryDigester } from '../domain/entry-digest.js';
import { ENTRY_CHECK_SECRET } from '../publication.tokens.js';
import { ENTRY_CHECK_QUEUE } from './entry-check.service.js';
import { hashEntries } from './entry-hashing.js';
import { TypeormEntryCheckRepository } from '../infrastructure/typeorm-entry-check.repository.js';
import { VISITOR } from '../../platform/ownership/ownership.js';

export interface ProcessingFigures {
  rows: number;
  distinctValues: number;
  hashMs: number;
  sortMs: number;
  storeMs: number;
  /** CPU time of this process over hashing and sorting: what the phases cost on a machine shared with others. */
  hashAndSortCpuMs: number;
}

/**
 * Processing of an entry check, as a job (one process takes it): read the checked column of every entry row, keep
 * keyed digests of its normalised values with their entries, store them. Progress is written as it goes; a check
 * replaced or cancelled meanwhile is abandoned and its digests removed.
 */
@Injectable()
export class EntryCheckProcessingService implements OnModuleInit {
  private readonly logger = new Logger('EntryCheck');
  /** The phases of the last processing done in this process (logged too), for the benchmark. */
  lastFigures: ProcessingFigures | null = null;

  constructor(
    private readonly checks: TypeormEntryCheckRepository,
    @Inject(ENTRY_CHECK_SECRET) private readonly secret: Buffer,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly drawQuery: DrawQueryService,
    private readonly entriesIndex: EntriesIndexService,
    private readonly jobs: JobsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.work<{ checkId: number }>(ENTRY_CHECK_QUEUE, async ({ checkId }) => {
      await this.process(checkId);
    });
  }

  async process(checkId: number): Promise<ProcessingFigures | null> {
    const check = await this.checks.current(checkId);
    // Replaced or cancelled: a delivery after a process died between storing digests and finding that leaves none.
    if (!check) {
      await this.checks.deleteDigests(checkId);
      return null;
    }
    if (check.state !== 'processing') return null;
    try {
      const view = await this.drawQuery.find(check.drawId, VISITOR);
      const draw = view?.draw;
      if (!draw?.entries.fileName) throw new EntriesFileError(ENTRY_CHECK_MESSAGES.needsFile);
      // A retry after a crash starts clean.
      await this.checks.deleteDigests(checkId);
      const access = { clientSession: draw.clientSession, userId: draw.ownerUserId };
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const index = await this.entriesIndex.load(draw.entries.fileName, access, {
        headerRow: draw.entries.headerRow,
        entryCountColumn: draw.entries.entryCountColumn,
        uniqueEntrantIdColumn: draw.entries.uniqueEntrantIdColumn,
      });
      const file = await this.entriesIndex.openEntriesFile(draw.entries.fileName, access);
      const hashed = await hashEntries(index, file.body, check.columnIdx, new EntryDigester(this.secret, check.salt), (rows) => this.checks.progress(checkId, rows));
      const t1 = performance.now();
      const table = sortAndMerge(hashed.digests, hashed.entries, hashed.count);
      const t2 = performance.now();
      const cpu = process.cpuUsage(cpu0);
      if (!(await this.checks.current(checkId))) return null;
      await this.checks.storeDigests(checkId, table.digests, table.entries);
      const t3 = performance.now();
      if (!(await this.checks.current(checkId))) {
        await this.checks.deleteDigests(checkId);
        return null;
      }
      await this.checks.finish(checkId, 'processed', null, this.clock.now());
      this.lastFigures = {
        rows: index.entryCount,
        distinctValues: table.count,
        hashMs: Math.round(t1 - t0),
        sortMs: Math.round(t2 - t1),
        storeMs: Math.round(t3 - t2),
        hashAndSortCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      };
      this.logger.log(`Entry check ${checkId} processed: ${JSON.stringify(this.lastFigures)}`);
      return this.lastFigures;
    } catch (error) {
      const known = error instanceof EntriesFileError;
      if (!known) this.logger.error(`Entry check ${checkId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await this.checks.deleteDigests(checkId);
      await this.checks.finish(checkId, 'error', known ? error.message : ENTRY_CHECK_MESSAGES.unexpected, this.clock.now());
      return null;
    }
  }
}
