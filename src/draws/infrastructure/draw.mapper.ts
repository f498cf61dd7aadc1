import { beaconSeed, SEED_SCHEMES } from '#rng';
import type { Draw, PrizeSpec, Winner } from '../domain/draw.js';
import type { DrawOrmEntity, DrawPrizeOrmEntity, DrawWinnerOrmEntity } from './draw.orm-entity.js';

export class DrawMapper {
  static toDomain(row: DrawOrmEntity, prizes: DrawPrizeOrmEntity[]): Draw {
    const drawn = row.state === 'drawn';
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
        // Draws made before the counts were kept: one entry and one entrant per row, as they were drawn.
        ticketCount: row.ticketCount ?? row.entryCount,
        entrantCount: row.entrantCount ?? row.entryCount,
        fileName: row.fileName,
        headerRow: row.headerRow,
        entryCountColumn: row.entryCountColumn,
        uniqueEntrantIdColumn: row.uniqueEntrantIdColumn,
        oneWinPerEntrant: row.oneWinPerEntrant,
      },
      prizes: [...prizes].sort((a, b) => a.position - b.position).map((p): PrizeSpec => ({ description: p.description, quantity: p.quantity, reserves: p.reserves })),
      scheduleDate: row.scheduleDate,
      scheduleTimeZone: row.scheduleTimeZone,
      seedScheme: row.seedScheme,
      seedHash: row.seedHash,
      // Secret until the draw is done: whoever holds it could compute the winners once the round is out.
      serverSeed: drawn && row.seedScheme === SEED_SCHEMES.beacon ? row.seed : null,
      seed: drawn ? engineSeed(row) : null,
      beacon: row.beacon && row.beaconRound !== null ? { ...row.beacon, round: row.beaconRound, randomness: drawn ? row.beaconRandomness : null, signature: drawn ? row.beaconSignature : null } : null,
      failedBeaconTries: row.beaconAttempts,
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

/** The seed the engine ran on: the committed seed itself (`seed/1`), or it with the beacon round's randomness (`beacon/1`). */
function engineSeed(row: DrawOrmEntity): Buffer {
  if (row.seedScheme !== SEED_SCHEMES.beacon) return row.seed;
  return Buffer.from(beaconSeed(row.seed, Buffer.from(row.beaconRandomness ?? '', 'hex')));
}
