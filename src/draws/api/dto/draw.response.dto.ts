import { ApiProperty } from '@nestjs/swagger';
import type { Scrutineer } from '../../domain/draw-actions.js';
import { DrawBeaconDto } from '../../../platform/beacon/beacon.dto.js';
import { type Draw, displayIdOf, publishedBeacon, WAITING_FOR_BEACON, type Winner, winnersByPrize } from '../../domain/draw.js';
import { ScrutineerDto } from './draw-actions.dto.js';

export class WinnerDto {
  @ApiProperty({ description: '1-based entry number (simple draws) or entry row (uploads, header excluded).' }) entryNumber: number;
  @ApiProperty({ type: [String], nullable: true, description: "The row's fields; only the draw's owner sees them." }) columns: string[] | null;
}

export class PrizeDto {
  @ApiProperty() description: string;
  @ApiProperty() quantity: number;
  @ApiProperty() reserves: number;
  @ApiProperty({
    description: 'How many winners the prize has; `winners` holds the first of them: 1,000 at most, and 10,000 at most over all the prizes, shared evenly (all are in the results download).',
  })
  winnersAwarded: number;
  @ApiProperty({ type: [WinnerDto] }) winners: WinnerDto[];
  @ApiProperty({ type: [WinnerDto] }) reserveWinners: WinnerDto[];
}

/** The draw of part 2 §3, the fields this stage of the product has. */
export class DrawResponseDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Characters 24 to 36 of the id, upper case.' }) displayId: string;
  @ApiProperty() shortCode: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ enum: ['draft', 'scheduled', 'drawn', 'cancelled', 'error'] }) state: string;
  @ApiProperty({ enum: ['web', 'api', 'test'] }) source: string;
  @ApiProperty() demo: boolean;
  @ApiProperty() isDrawn: boolean;
  @ApiProperty() isError: boolean;
  @ApiProperty() isCancelled: boolean;
  @ApiProperty() isDraft: boolean;
  @ApiProperty({ format: 'date-time', description: 'The draw time: when it was drawn, else when it is due.' }) relevantDate: string;
  @ApiProperty() secondsTilRelevantDate: number;
  @ApiProperty({ format: 'date-time', description: "The draw's time (a draw-now: when it was asked for); its beacon round comes at or after it." }) scheduleDate: string;
  @ApiProperty() scheduleTimeZone: string;
  @ApiProperty({ enum: ['simple', 'upload', 'uploadAdvanced'] }) entryMethod: string;
  @ApiProperty({ description: 'Rows of the entries file, header excluded (simple draws: the entries).' }) entryRowCount: number;
  @ApiProperty({ description: 'Entries (tickets): a ticket-count column gives a row several; the rows without one.' }) entryCount: number;
  @ApiProperty({ description: 'Distinct entrants: a unique-id column joins rows; the rows without one.' }) entrantCount: number;
  @ApiProperty() oneWinPerEntrant: boolean;
  @ApiProperty() winnerCount: number;
  @ApiProperty() reserveCount: number;
  @ApiProperty({ type: [PrizeDto] }) prizes: PrizeDto[];
  @ApiProperty({ enum: ['beacon/1', 'seed/1'], description: "How the engine's seed is made (docs/verification.md); seed/1 for draws made before the beacon." })
  seedScheme: string;
  @ApiProperty({ description: 'The commitment published before the draw: SHA-256 of the server seed (seed/1: of the seed).' }) seedHash: string;
  @ApiProperty({ nullable: true, type: String, description: 'beacon/1: the 32-byte server seed as hex, once drawn.' }) serverSeed: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The engine's seed as hex, once drawn: beacon/1 serverSeed ‖ beacon randomness (64 bytes), seed/1 the 32-byte seed." })
  seed: string | null;
  @ApiProperty({ type: DrawBeaconDto, nullable: true, description: "beacon/1: the chain and the round fixed with the draw's time; randomness and signature once drawn." })
  beacon: DrawBeaconDto | null;
  @ApiProperty({ nullable: true, type: String, description: "Why a due draw is not drawn yet ('Waiting for the public random beacon'), else null." })
  waitingFor: string | null;
  @ApiProperty({ nullable: true, type: String }) entriesSha256: string | null;
  @ApiProperty({ nullable: true, type: String }) engineVersion: string | null;
  @ApiProperty({ nullable: true, type: String }) errorMessage: string | null;
  @ApiProperty({ description: 'Whether the caller owns the draw (and sees winners’ rows).' }) isOwner: boolean;
  @ApiProperty({ type: ScrutineerDto, nullable: true, description: 'Name and qualification for everyone; e-mail and notes for the owner.' }) scrutineer: ScrutineerDto | null;

  static from(draw: Draw, winners: Winner[], isOwner: boolean, now: Date, scrutineer: Scrutineer | null = null): DrawResponseDto {
    const dto = new DrawResponseDto();
    const relevant = draw.drawnAt ?? draw.scheduleDate;
    Object.assign(dto, {
      id: draw.id,
      displayId: displayIdOf(draw.id),
      shortCode: draw.shortCode,
      name: draw.name,
      organisation: draw.organisation,
      state: draw.state,
      source: draw.source,
      demo: draw.demo,
      isDrawn: draw.state === 'drawn',
      isError: draw.state === 'error',
      isCancelled: draw.state === 'cancelled',
      isDraft: draw.state === 'draft',
      relevantDate: relevant.toISOString(),
      secondsTilRelevantDate: Math.round((relevant.getTime() - now.getTime()) / 1000),
      scheduleDate: draw.scheduleDate.toISOString(),
      scheduleTimeZone: draw.scheduleTimeZone,
      entryMethod: draw.entries.method,
      entryRowCount: draw.entries.entryCount,
      entryCount: draw.entries.ticketCount,
      entrantCount: draw.entries.entrantCount,
      oneWinPerEntrant: draw.entries.oneWinPerEntrant,
      winnerCount: draw.prizes.reduce((sum, prize) => sum + prize.quantity, 0),
      reserveCount: draw.prizes.reduce((sum, prize) => sum + prize.reserves, 0),
      seedScheme: draw.seedScheme,
      seedHash: draw.seedHash,
      serverSeed: draw.serverSeed ? draw.serverSeed.toString('hex') : null,
      seed: draw.seed ? draw.seed.toString('hex') : null,
      beacon: publishedBeacon(draw.beacon),
      waitingFor: draw.state === 'scheduled' && draw.failedBeaconTries > 0 ? WAITING_FOR_BEACON : null,
      entriesSha256: draw.entriesSha256,
      engineVersion: draw.engineVersion,
      errorMessage: isOwner ? draw.errorMessage : null,
      isOwner,
      scrutineer: scrutineer && ScrutineerDto.from(scrutineer, isOwner),
    });
    const present = (winner: Winner): WinnerDto => ({ entryNumber: winner.row + 1, columns: isOwner ? winner.columns : null });
    const byPrize = winnersByPrize(winners);
    dto.prizes = draw.prizes.map((prize, index) => {
      const mine = byPrize.get(index) ?? [];
      const drawnWinners = mine.filter((winner) => winner.kind === 'winner').map(present);
      return {
        description: prize.description,
        quantity: prize.quantity,
        reserves: prize.reserves,
        // A drawn draw awarded every prize in full (the engine refuses to run short), whatever the answer lists.
        winnersAwarded: draw.state === 'drawn' ? prize.quantity : 0,
        winners: drawnWinners,
        reserveWinners: mine.filter((winner) => winner.kind === 'reserve').map(present),
      };
    });
    return dto;
  }
}
