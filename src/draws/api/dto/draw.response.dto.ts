import { ApiProperty } from '@nestjs/swagger';
import type { Scrutineer } from '../../domain/draw-actions.js';
import { type Draw, displayIdOf, type Winner } from '../../domain/draw.js';
import { ScrutineerDto } from './draw-actions.dto.js';

export class WinnerDto {
  @ApiProperty({ description: '1-based entry number (simple draws) or entry row (uploads, header excluded).' }) entryNumber: number;
  @ApiProperty({ type: [String], nullable: true, description: "The row's fields; only the draw's owner sees them." }) columns: string[] | null;
}

export class PrizeDto {
  @ApiProperty() description: string;
  @ApiProperty() quantity: number;
  @ApiProperty() reserves: number;
  @ApiProperty({ description: 'How many winners the prize has; `winners` holds the first 1,000 at most (all are in the results download).' }) winnersAwarded: number;
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
  @ApiProperty() scheduleTimeZone: string;
  @ApiProperty({ enum: ['simple', 'upload', 'uploadAdvanced'] }) entryMethod: string;
  @ApiProperty() entryCount: number;
  @ApiProperty() oneWinPerEntrant: boolean;
  @ApiProperty() winnerCount: number;
  @ApiProperty() reserveCount: number;
  @ApiProperty({ type: [PrizeDto] }) prizes: PrizeDto[];
  @ApiProperty({ description: "SHA-256 of the draw's seed, published before the draw." }) seedHash: string;
  @ApiProperty({ nullable: true, type: String, description: 'The 32-byte seed as 64 hex characters, once drawn.' }) seed: string | null;
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
      scheduleTimeZone: draw.scheduleTimeZone,
      entryMethod: draw.entries.method,
      entryCount: draw.entries.entryCount,
      oneWinPerEntrant: draw.entries.oneWinPerEntrant,
      winnerCount: draw.prizes.reduce((sum, prize) => sum + prize.quantity, 0),
      reserveCount: draw.prizes.reduce((sum, prize) => sum + prize.reserves, 0),
      seedHash: draw.seedHash,
      seed: draw.seed ? draw.seed.toString('hex') : null,
      entriesSha256: draw.entriesSha256,
      engineVersion: draw.engineVersion,
      errorMessage: isOwner ? draw.errorMessage : null,
      isOwner,
      scrutineer: scrutineer && ScrutineerDto.from(scrutineer, isOwner),
    });
    const present = (winner: Winner): WinnerDto => ({ entryNumber: winner.row + 1, columns: isOwner ? winner.columns : null });
    dto.prizes = draw.prizes.map((prize, index) => {
      const mine = winners.filter((winner) => winner.prizeIndex === index);
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
