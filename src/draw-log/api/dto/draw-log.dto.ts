import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Min } from 'class-validator';
import { IsSafeInt } from '../../../platform/http/validators.js';

export class SignedTreeHeadDto {
  @ApiProperty({ description: 'Entries covered' }) treeSize: number;
  @ApiProperty({ description: 'RFC 9162 Merkle tree hash of the first treeSize entries, hex' }) rootHash: string;
  @ApiProperty({ format: 'date-time', description: 'When the service signed the head' }) timestamp: string;
  @ApiProperty({ description: 'Ed25519 signature of the tree-head statement (docs/verification.md), hex' }) signature: string;
}

export class DrawLogKeyDto {
  @ApiProperty({ example: 'Ed25519' }) algorithm: string;
  @ApiProperty({ description: 'Raw 32-byte Ed25519 public key, hex' }) publicKey: string;
  @ApiProperty({ example: 'fairdraw-draw-log-tree-head/1', description: 'The first line of every signed statement' }) statementVersion: string;
}

export class LoggedEntryDto {
  @ApiProperty({ description: '0-based position in the log' }) index: number;
  @ApiProperty({ description: "The entry's exact text (JSON); its leaf hash is SHA-256(0x00 ‖ UTF-8 of this text)" }) entry: string;
}

export class LoggedEntriesDto {
  @ApiProperty({ type: [LoggedEntryDto] }) entries: LoggedEntryDto[];
}

export class EntriesQueryDto {
  @ApiProperty({ description: 'First index' }) @Type(() => Number) @IsSafeInt() @Min(0) start: number;
  @ApiProperty({ description: 'One past the last index (at most 1,000 are answered)' }) @Type(() => Number) @IsSafeInt() @Min(0) end: number;
}

export class InclusionQueryDto {
  @ApiProperty() @Type(() => Number) @IsSafeInt() @Min(0) index: number;
  @ApiProperty({ description: 'The size of the tree (a signed head’s)' }) @Type(() => Number) @IsSafeInt() @Min(1) treeSize: number;
}

export class InclusionProofDto {
  @ApiProperty() index: number;
  @ApiProperty() treeSize: number;
  @ApiProperty({ description: "The entry's leaf hash, hex" }) leafHash: string;
  @ApiProperty({ type: [String], description: 'PATH(index, D[treeSize]) of RFC 9162 §2.1.3.1, hex' }) auditPath: string[];
}

export class ConsistencyQueryDto {
  @ApiProperty() @Type(() => Number) @IsSafeInt() @Min(0) first: number;
  @ApiProperty() @Type(() => Number) @IsSafeInt() @Min(0) second: number;
}

export class ConsistencyProofDto {
  @ApiProperty() first: number;
  @ApiProperty() second: number;
  @ApiProperty({ type: [String], description: 'PROOF(first, D[second]) of RFC 9162 §2.1.4.1, hex' }) proof: string[];
}

export class DrawLogEntryProofDto extends LoggedEntryDto {
  @ApiProperty({ type: [String], description: "The entry's inclusion proof against the head, hex" }) auditPath: string[];
}

/** What a certificate carries: the draw's entries, each with its proof against one signed head. */
export class DrawLogProofsDto {
  @ApiProperty({ type: SignedTreeHeadDto }) head: SignedTreeHeadDto;
  @ApiProperty({ description: "The log's Ed25519 public key, hex (compare with GET /api/log/key)" }) publicKey: string;
  @ApiProperty({ type: [DrawLogEntryProofDto] }) entries: DrawLogEntryProofDto[];
}
