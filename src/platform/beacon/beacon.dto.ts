import { ApiProperty } from '@nestjs/swagger';

class BeaconMetadataDto {
  @ApiProperty() beaconID: string;
}

/** drand's chain info document. */
export class BeaconChainInfoDto {
  @ApiProperty({ description: 'BLS public key (G2, compressed), hex' }) public_key: string;
  @ApiProperty({ description: 'Seconds between rounds' }) period: number;
  @ApiProperty({ description: 'Unix time of round 1' }) genesis_time: number;
  @ApiProperty({ description: "The chain hash (drand's chain.Info.Hash)" }) hash: string;
  @ApiProperty() groupHash: string;
  @ApiProperty({ example: 'bls-unchained-g1-rfc9380' }) schemeID: string;
  @ApiProperty({ type: BeaconMetadataDto }) metadata: BeaconMetadataDto;
}

/** drand's round document. */
export class BeaconRoundDto {
  @ApiProperty() round: number;
  @ApiProperty({ description: 'SHA-256 of the signature, hex' }) randomness: string;
  @ApiProperty({ description: 'BLS signature (G1, compressed) of SHA-256 of the round as 8 bytes big-endian, hex' }) signature: string;
}

/** A draw's beacon as the draw detail and the certificate publish it (the same names on both). */
export class DrawBeaconDto {
  @ApiProperty({ description: "The chain's hash (drand's chain.Info.Hash)" }) chainHash: string;
  @ApiProperty({ description: "The chain's BLS public key (G2, compressed), hex" }) publicKey: string;
  @ApiProperty({ description: 'Unix time of round 1' }) genesisTime: number;
  @ApiProperty({ description: 'Seconds between rounds' }) period: number;
  @ApiProperty({ example: 'bls-unchained-g1-rfc9380' }) scheme: string;
  @ApiProperty({ description: "The round fixed with the draw's time" }) round: number;
  @ApiProperty({ format: 'date-time', description: "The round's time: genesisTime + (round − 1) × period" }) roundTime: string;
  @ApiProperty({ description: "False when the beacon was the service's own, not independent of FairDraw" }) independent: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'SHA-256 of the signature, once drawn' }) randomness: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The round's BLS signature, once drawn" }) signature: string | null;
}
