import type { Draw, PrizeSpec, Winner } from '../domain/draw.js';
import type { DrawOrmEntity, DrawPrizeOrmEntity, DrawWinnerOrmEntity } from './draw.orm-entity.js';

export class DrawMapper {
  static toDomain(row: DrawOrmEntity, prizes: DrawPrizeOrmEntity[]): Draw {
    return {
      id: row.id,
      shortCode: row.shortCode,
      name: row.name,
      organisation: row.organisation,
      state: row.state,
      source: row.source,
      demo: row.demo,
      ownerUserId: row.ownerUserId,
      clientSession: row.clientSession,
      entries: {
        method: row.entryMethod,
        entryCount: row.entryCount,
        fileName: row.fileName,
        headerRow: row.headerRow,
        entryCountColumn: row.entryCountColumn,
        uniqueEntrantIdColumn: row.uniqueEntrantIdColumn,
        oneWinPerEntrant: row.oneWinPerEntrant,
      },
      prizes: [...prizes].sort((a, b) => a.position - b.position).map((p): PrizeSpec => ({ description: p.description, quantity: p.quantity, reserves: p.reserves })),
      scheduleDate: row.scheduleDate,
      scheduleTimeZone: row.scheduleTimeZone,
      seedHash: row.seedHash,
      // Secret until the draw is done: whoever holds it could compute the winners in advance.
      seed: row.state === 'drawn' ? row.seed : null,
      entriesSha256: row.entriesSha256,
      engineVersion: row.engineVersion,
      drawnAt: row.drawnAt,
      errorMessage: row.errorMessage,
      createdAt: row.createdAt,
    };
  }

  static winner(row: DrawWinnerOrmEntity): Winner {
    return { prizeIndex: row.prizePosition, kind: row.kind, position: row.position, row: row.rowIndex, columns: row.columns };
  }
}
