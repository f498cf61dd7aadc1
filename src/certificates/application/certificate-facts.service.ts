import { DrawLogService } from '../../draw-log/application/draw-log.service.js';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { displayIdOf, type Draw, publishedBeacon, type Winner, winnersByPrize } from '../../draws/domain/draw.js';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { EntriesFileError } from '#entries-file';
import { UploadNotFoundError } from '../../uploads/domain/upload.errors.js';
import type { CertificateFacts } from '../domain/certificate-facts.js';
import { certificateKeys } from './certificate-keys.js';
import { readStoredFile, writeStoredFile } from '../../platform/storage/stored-files.js';

interface EntriesStats {
  ticketCount: number;
  entrantCount: number;
  delimiter: string;
}

/** What a draw's certificate states, from the draws module's read service and, for uploads, the entries index. */
@Injectable()
export class CertificateFactsService {
  constructor(
    private readonly draws: DrawQueryService,
    private readonly drawLog: DrawLogService,
    private readonly entriesIndex: EntriesIndexService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async byShortCode(shortCode: string): Promise<{ facts: CertificateFacts; draw: Draw } | null> {
    return this.of(await this.draws.record({ shortCode }));
  }

  async byId(id: string): Promise<{ facts: CertificateFacts; draw: Draw } | null> {
    return this.of(await this.draws.record({ id }));
  }

  /** The draw alone (no entries statistics), for what needs only its id and short code. */
  async drawByShortCode(shortCode: string): Promise<Draw | null> {
    return (await this.draws.record({ shortCode }))?.draw ?? null;
  }

  private async of(record: Awaited<ReturnType<DrawQueryService['record']>>): Promise<{ facts: CertificateFacts; draw: Draw } | null> {
    if (!record || record.draw.state === 'draft') return null;
    const { draw, winners, scrutineer } = record;
    const stats = await this.entriesStats(draw);
    const base = this.config.get('PUBLIC_URL', { infer: true });
    const byPrize = winnersByPrize(winners);
    const facts: CertificateFacts = {
      drawId: draw.id,
      displayId: displayIdOf(draw.id),
      shortCode: draw.shortCode,
      name: draw.name,
      organisation: draw.organisation,
      state: draw.state as CertificateFacts['state'],
      demo: draw.demo,
      test: draw.source === 'test',
      relevantDate: (draw.drawnAt ?? draw.scheduleDate).toISOString(),
      scheduleDate: draw.scheduleDate.toISOString(),
      drawnAt: draw.drawnAt?.toISOString() ?? null,
      timeZone: draw.scheduleTimeZone,
      entryMethod: draw.entries.method,
      entryCount: draw.entries.entryCount,
      ticketCount: stats?.ticketCount ?? draw.entries.ticketCount,
      entrantCount: stats?.entrantCount ?? draw.entries.entrantCount,
      headerRow: draw.entries.headerRow,
      entryCountColumn: draw.entries.entryCountColumn,
      uniqueEntrantIdColumn: draw.entries.uniqueEntrantIdColumn,
      oneWinPerEntrant: draw.entries.oneWinPerEntrant,
      delimiter: stats?.delimiter ?? null,
      prizes: draw.prizes.map((prize, index) => ({
        description: prize.description,
        quantity: prize.quantity,
        reserves: prize.reserves,
        winnersAwarded: draw.state === 'drawn' ? prize.quantity : 0,
        winners: entryNumbers(byPrize.get(index), 'winner'),
        reserveWinners: entryNumbers(byPrize.get(index), 'reserve'),
      })),
      scrutineer: scrutineer
        ? {
            name: `${scrutineer.firstName} ${scrutineer.lastName}`.trim(),
            qualification: scrutineer.qualification,
            namedAfterDraw: draw.drawnAt !== null && scrutineer.namedAt > draw.drawnAt,
          }
        : null,
      entriesSha256: draw.entriesSha256,
      seedScheme: draw.seedScheme,
      seedHash: draw.seedHash,
      serverSeed: draw.state === 'drawn' && draw.serverSeed ? draw.serverSeed.toString('hex') : null,
      seed: draw.state === 'drawn' && draw.seed ? draw.seed.toString('hex') : null,
      beacon: publishedBeacon(draw.beacon),
      engineVersion: draw.engineVersion,
      log: await this.drawLog.proofsForDraw(draw.id),
      url: `${base}/cert/${draw.shortCode}/`,
    };
    return { facts, draw };
  }

  /**
   * Tickets, entrants and delimiter of a drawn upload, read once from the entries index and kept beside the
   * certificates (a 300 MB file's index is not reloaded for every page view).
   */
  private async entriesStats(draw: Draw): Promise<EntriesStats | null> {
    if (draw.entries.method === 'simple' || draw.state !== 'drawn' || !draw.entries.fileName) return null;
    const key = certificateKeys(draw.id).entriesStats;
    const kept = await readStoredFile(this.storage, key);
    if (kept) return JSON.parse(kept.toString('utf8')) as EntriesStats;
    let stats: EntriesStats;
    try {
      const index = await this.entriesIndex.load(
        draw.entries.fileName,
        { clientSession: draw.clientSession, userId: draw.ownerUserId },
        { headerRow: draw.entries.headerRow, entryCountColumn: draw.entries.entryCountColumn, uniqueEntrantIdColumn: draw.entries.uniqueEntrantIdColumn },
      );
      stats = { ticketCount: index.totalTickets, entrantCount: index.entrantCount, delimiter: index.delimiter };
    } catch (error) {
      // The entries file is gone (or unreadable now): the certificate still states what the draw recorded.
      if (error instanceof UploadNotFoundError || error instanceof EntriesFileError) return null;
      throw error;
    }
    await writeStoredFile(this.storage, key, Buffer.from(JSON.stringify(stats)));
    return stats;
  }
}

function entryNumbers(prizeWinners: Winner[] = [], kind: Winner['kind']): number[] {
  return prizeWinners.filter((winner) => winner.kind === kind).map((winner) => winner.row + 1);
}
