import { DrawLogProofsDto } from '../../../draw-log/api/dto/draw-log.dto.js';
import { ApiProperty } from '@nestjs/swagger';
import { DrawBeaconDto } from '../../../platform/beacon/beacon.dto.js';
import { type Branding, serialiseBranding } from '#rules';
import type { CertificateFacts } from '../../domain/certificate-facts.js';
import { BrandingDto } from './branding.dto.js';

export class CertificatePrizeDto {
  @ApiProperty() description: string;
  @ApiProperty() quantity: number;
  @ApiProperty() reserves: number;
  @ApiProperty() winnersAwarded: number;
  @ApiProperty({ type: [Number], description: '1-based entry numbers in pick order (the first 1,000 at most, and 10,000 at most over all the prizes, shared evenly).' }) winners: number[];
  @ApiProperty({ type: [Number] }) reserveWinners: number[];
}

export class CertificateScrutineerDto {
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String }) qualification: string | null;
  @ApiProperty({ description: 'Named (or renamed) once the draw was made: they cannot have overseen it. The certificate says so.' }) namedAfterDraw: boolean;
}

/** The public branding of a draw: what every branded public page (certificate, winners, entry check) needs. */
export class PublicBrandingDto {
  @ApiProperty() shortCode: string;
  @ApiProperty({ description: 'The compact URL-safe serialisation (empty for the default branding).' }) drawBranding: string;
  @ApiProperty() hasBranding: boolean;
  @ApiProperty({ type: BrandingDto }) branding: BrandingDto;
  @ApiProperty({ description: 'Image addresses per slot (getbrandingimage), null where the slot has none.', type: 'object', additionalProperties: { type: 'string', nullable: true } })
  imageUrls: Record<string, string | null>;
  @ApiProperty({ description: 'The address of the branding font (TTF).' }) fontUrl: string;

  static from(drawId: string, shortCode: string, branding: Branding): PublicBrandingDto {
    const dto = new PublicBrandingDto();
    dto.shortCode = shortCode;
    dto.drawBranding = serialiseBranding(branding);
    dto.hasBranding = dto.drawBranding !== '';
    dto.branding = BrandingDto.from(branding);
    dto.imageUrls = Object.fromEntries(
      Object.entries(branding.images).map(([slot, image]) => [slot, image?.extension ? `/api/draw/getbrandingimage/${drawId}/?location=${slot}&v=${encodeURIComponent(image.fileName)}` : null]),
    );
    dto.fontUrl = `/api/certificate/font/${branding.font}`;
    return dto;
  }
}

/** The public certificate (part 1 §2 /cert/): what the PDF states, free of entrant data; `npm run verify --draw-json` reads it. */
export class CertificateResponseDto {
  @ApiProperty({ format: 'uuid' }) drawId: string;
  @ApiProperty() displayId: string;
  @ApiProperty() shortCode: string;
  @ApiProperty() name: string;
  @ApiProperty() organisation: string;
  @ApiProperty({ enum: ['scheduled', 'drawn', 'cancelled', 'error'] }) state: string;
  @ApiProperty() demo: boolean;
  @ApiProperty({ description: 'Drawn free with a test API key: not a certified draw.' }) test: boolean;
  @ApiProperty({ format: 'date-time' }) relevantDate: string;
  @ApiProperty({ format: 'date-time' }) scheduleDate: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) drawnAt: string | null;
  @ApiProperty() timeZone: string;
  @ApiProperty({ enum: ['simple', 'upload', 'uploadAdvanced'] }) entryMethod: string;
  @ApiProperty() entryCount: number;
  @ApiProperty() ticketCount: number;
  @ApiProperty() entrantCount: number;
  @ApiProperty() headerRow: boolean;
  @ApiProperty({ nullable: true, type: Number }) entryCountColumn: number | null;
  @ApiProperty({ nullable: true, type: Number }) uniqueEntrantIdColumn: number | null;
  @ApiProperty() oneWinPerEntrant: boolean;
  @ApiProperty({ nullable: true, type: String }) delimiter: string | null;
  @ApiProperty({ type: [CertificatePrizeDto] }) prizes: CertificatePrizeDto[];
  @ApiProperty({ type: CertificateScrutineerDto, nullable: true }) scrutineer: CertificateScrutineerDto | null;
  @ApiProperty({ nullable: true, type: String }) entriesSha256: string | null;
  @ApiProperty({ enum: ['beacon/1', 'seed/1'] }) seedScheme: string;
  @ApiProperty({ description: 'The commitment published before the draw: SHA-256 of the server seed (seed/1: of the seed).' }) seedHash: string;
  @ApiProperty({ nullable: true, type: String, description: 'beacon/1: the server seed, once drawn.' }) serverSeed: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The engine's seed, once drawn (beacon/1: serverSeed ‖ randomness)." }) seed: string | null;
  @ApiProperty({ type: DrawBeaconDto, nullable: true }) beacon: DrawBeaconDto | null;
  @ApiProperty({ nullable: true, type: String }) engineVersion: string | null;
  @ApiProperty({ type: DrawLogProofsDto, nullable: true, description: "The draw's entries in the public draw log with their inclusion proofs against a signed head" })
  log: DrawLogProofsDto | null;
  @ApiProperty() url: string;
  @ApiProperty({ type: PublicBrandingDto }) branding: PublicBrandingDto;

  static from(facts: CertificateFacts, branding: Branding): CertificateResponseDto {
    const dto = new CertificateResponseDto();
    Object.assign(dto, {
      ...facts,
      prizes: facts.prizes.map((prize) => ({ ...prize })),
      scrutineer: facts.scrutineer ? { ...facts.scrutineer } : null,
      branding: PublicBrandingDto.from(facts.drawId, facts.shortCode, branding),
    });
    return dto;
  }
}
