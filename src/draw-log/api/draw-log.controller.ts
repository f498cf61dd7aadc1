import { BadRequestException, Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TREE_HEAD_VERSION } from '#transparency-log';
import { DrawLogService } from '../application/draw-log.service.js';
import { LogRangeError } from '../domain/draw-log.js';
import { ConsistencyProofDto, ConsistencyQueryDto, DrawLogKeyDto, EntriesQueryDto, InclusionProofDto, InclusionQueryDto, LoggedEntriesDto, SignedTreeHeadDto } from './dto/draw-log.dto.js';

/** The public draw log (docs/verification.md "The public draw log"): anyone may read and check it. */
@ApiTags('draw-log')
@Controller('api/log')
export class DrawLogController {
  constructor(private readonly log: DrawLogService) {}

  @Get('key')
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ operationId: 'getDrawLogKey', summary: "The log's Ed25519 public key, which signs every tree head" })
  @ApiOkResponse({ type: DrawLogKeyDto })
  async key(): Promise<DrawLogKeyDto> {
    return { algorithm: 'Ed25519', publicKey: await this.log.publicKey(), statementVersion: TREE_HEAD_VERSION };
  }

  @Get('head')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'getDrawLogHead', summary: 'The latest signed tree head' })
  @ApiOkResponse({ type: SignedTreeHeadDto })
  head(): Promise<SignedTreeHeadDto> {
    return this.log.head();
  }

  @Get('entries')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'getDrawLogEntries', summary: 'Entries [start, end) in log order, at most 1,000' })
  @ApiOkResponse({ type: LoggedEntriesDto })
  @ApiBadRequestResponse({ description: 'start after end' })
  async entries(@Query() query: EntriesQueryDto): Promise<LoggedEntriesDto> {
    return { entries: await this.refusingRanges(() => this.log.entries(query.start, query.end), 'start') };
  }

  @Get('proof/inclusion')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'getDrawLogInclusionProof', summary: "An entry's inclusion proof in the tree of treeSize entries (RFC 9162 §2.1.3)" })
  @ApiOkResponse({ type: InclusionProofDto })
  @ApiBadRequestResponse({ description: 'index not below treeSize, or treeSize above the log’s size' })
  async inclusion(@Query() query: InclusionQueryDto): Promise<InclusionProofDto> {
    const proof = await this.refusingRanges(() => this.log.inclusionProof(query.index, query.treeSize), 'treeSize');
    return { index: query.index, treeSize: query.treeSize, ...proof };
  }

  @Get('proof/consistency')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'getDrawLogConsistencyProof', summary: 'The consistency proof between two tree sizes (RFC 9162 §2.1.4)' })
  @ApiOkResponse({ type: ConsistencyProofDto })
  @ApiBadRequestResponse({ description: 'first above second, or second above the log’s size' })
  async consistency(@Query() query: ConsistencyQueryDto): Promise<ConsistencyProofDto> {
    return { first: query.first, second: query.second, proof: await this.refusingRanges(() => this.log.consistencyProof(query.first, query.second), 'second') };
  }

  private async refusingRanges<T>(work: () => Promise<T>, field: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof LogRangeError) throw new BadRequestException({ message: error.message, modelState: { [field]: [error.message] } });
      throw error;
    }
  }
}
