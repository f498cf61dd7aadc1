import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CallerRequest, callerOf, OptionalUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { AdvancedProcessingService } from '../application/advanced-processing.service.js';
import { InspectEntriesService } from '../application/inspect-entries.service.js';
import { AdvancedProcessingResultDto } from './dto/advanced-processing-result.response.dto.js';
import { ConfirmDrawDetailsRequestDto } from './dto/confirm-draw-details.request.dto.js';
import { ConfirmDrawDetailsResponseDto } from './dto/confirm-draw-details.response.dto.js';
import { ProcessAdvancedUploadRequestDto } from './dto/process-advanced-upload.request.dto.js';
import { answering } from './upload-http-errors.js';

/** The wizard's entries steps on an uploaded file (the rest of /api/draw belongs to the draws module). */
@ApiTags('uploads')
@Controller('api/draw')
export class DrawEntriesController {
  constructor(
    private readonly inspect: InspectEntriesService,
    private readonly processing: AdvancedProcessingService,
  ) {}

  @Post('getConfirmDrawDetails')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'getConfirmDrawDetails',
    summary: 'Rows, columns, counts, warnings and column checks of an uploaded entries file',
    description:
      'The first call reads the whole file (and indexes its rows); later calls answer from what it found. A file that cannot ' +
      "become entries is answered 200 with errorMessage. 404 when the upload is not the caller's.",
  })
  @ApiOkResponse({ type: ConfirmDrawDetailsResponseDto })
  async getConfirmDrawDetails(@Body() body: ConfirmDrawDetailsRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<ConfirmDrawDetailsResponseDto> {
    return answering(async () => {
      const { upload, inspection } = await this.inspect.confirmDetails(body.fileName, callerOf(user, body.clientSession, request));
      return ConfirmDrawDetailsResponseDto.from(upload, inspection);
    });
  }

  @Post('processAdvancedUpload')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'processAdvancedUpload',
    summary: 'Count entry rows, entrants and tickets with a ticket count column and/or a unique entrant id column',
    description:
      'Reads every entry row and keeps the ticket counts and entrant numbers the draw will run on. A file that cannot be drawn ' +
      'from this way is answered 200 with errorMessage; a column the file does not have is 400; 404 when the upload is not the ' +
      "caller's; 500 'An unexpected error has occurred.' when processing fails for another reason.",
  })
  @ApiOkResponse({ type: AdvancedProcessingResultDto })
  async processAdvancedUpload(@Body() body: ProcessAdvancedUploadRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<AdvancedProcessingResultDto> {
    return answering(async () => {
      const result = await this.processing.process(body.fileName, callerOf(user, body.clientSession, request), {
        headerRow: body.headerRow,
        entryCountColumn: body.entryCountColumn ?? null,
        uniqueEntrantIdColumn: body.uniqueEntrantIdColumn ?? null,
      });
      return AdvancedProcessingResultDto.from(result);
    });
  }
}
