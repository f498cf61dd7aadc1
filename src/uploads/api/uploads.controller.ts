import type { Multipart } from '@fastify/multipart';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UploadEntriesFileService, type IncomingPart } from '../application/upload-entries-file.service.js';
import { UploadRefusedError } from '../domain/upload.errors.js';
import { UploadMessages } from '#rules';
import { UploadResultDto } from './dto/upload-result.response.dto.js';
import { answering } from './upload-http-errors.js';
import { UploadRateLimits } from './upload-rate-limits.js';
import { OptionalUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import { AcceptsFiles } from '../../platform/http/cross-site.js';
import { addressKey } from '../../platform/rate-limit/client-address.js';

/** Multipart limits besides the file size (which is the site's upload limit). */
const MULTIPART_LIMITS = { files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 };

@ApiTags('uploads')
@Controller('api')
export class UploadsController {
  constructor(
    private readonly uploads: UploadEntriesFileService,
    private readonly rateLimits: UploadRateLimits,
  ) {}

  @Post('Upload')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'uploadEntriesFile',
    summary: 'Upload an entries file (txt, csv, tsv, or a zip holding one of them), streamed to storage',
    description:
      'Refused with 400 for a wrong type (with a hint for Excel files), an empty file or a bad zip, and with 413 beyond the ' +
      'upload limit (site setting uploadLimitMb), which also applies to the file inside a zip. The upload belongs to its clientSession ' +
      '(and to the logged-in user, if any). Rate limited per address and per account: 429 beyond 60 uploads an hour, or ' +
      'beyond ten times the upload limit in a day.',
  })
  @AcceptsFiles()
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'clientSession'],
      properties: {
        file: { type: 'string', format: 'binary' },
        clientSession: { type: 'string', description: "The browser tab's client session (8 to 128 letters, digits, '-' or '_')." },
      },
    },
  })
  @ApiCreatedResponse({ type: UploadResultDto })
  async upload(@OptionalUser() user: User | undefined, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UploadResultDto> {
    return answering(async () => {
      if (!request.isMultipart()) throw new UploadRefusedError('media', UploadMessages.notMultipart);
      const limit = await this.uploads.currentLimit();
      try {
        await this.rateLimits.admit(addressKey(request.ip), user?.id ?? null, declaredLength(request), limit);
      } catch (error) {
        // Refused before the body is read: close the connection after answering, so the client stops sending.
        void reply.header('Connection', 'close');
        throw error;
      }
      // busboy cuts the file at limit + 1 bytes; the service refuses it at that byte.
      const parts = request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: limit.bytes + 1 } });
      try {
        return UploadResultDto.from(await this.uploads.upload(incomingParts(parts), limit, user?.id ?? null));
      } catch (error) {
        // The client went away mid-upload (the service removed the partial file): its problem, not a server error.
        if (!(error instanceof UploadRefusedError) && (request.raw.aborted || request.raw.socket.destroyed)) {
          throw new UploadRefusedError('request', UploadMessages.interrupted);
        }
        // Refused before the body ended: close the connection after answering, so the client stops sending.
        if (error instanceof UploadRefusedError && !request.raw.readableEnded) void reply.header('Connection', 'close');
        throw error;
      }
    });
  }
}

function declaredLength(request: FastifyRequest): number | null {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

async function* incomingParts(parts: AsyncIterableIterator<Multipart>): AsyncGenerator<IncomingPart> {
  for await (const part of parts) {
    if (part.type === 'file') yield { kind: 'file', fileName: part.filename ?? '', stream: part.file };
    else yield { kind: 'field', name: part.fieldname, value: typeof part.value === 'string' ? part.value : String(part.value) };
  }
}
