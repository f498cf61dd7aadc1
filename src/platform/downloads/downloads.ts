import { Controller, Get, Global, Injectable, Module, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { type CachePolicy, type PublicAnswer, sendPublicAnswer } from '../http/public-answers.js';

interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Readable | Buffer;
  /** A file anyone may have, the same for everyone (a certificate without winners): sent with its ETag and policy. */
  shared?: { answer: PublicAnswer; policy: CachePolicy };
}

/** Who asks for a download, as the authentication guard found them (undefined for a visitor). */
export interface DownloadCaller {
  id: string;
  role?: string;
}

/** A module's kind of download (invoice, entries, results, certificate…) with its own access rule. */
export interface DownloadProvider {
  kind: string;
  /** The file, or null when it does not exist or the caller may not have it (both answer 404). */
  open(id: string, caller: DownloadCaller | undefined): Promise<DownloadFile | null>;
}

@Injectable()
export class DownloadRegistry {
  private readonly providers = new Map<string, DownloadProvider>();

  register(provider: DownloadProvider): void {
    if (this.providers.has(provider.kind)) throw new Error(`Download kind ${provider.kind} is registered twice`);
    this.providers.set(provider.kind, provider);
  }

  provider(kind: string): DownloadProvider | undefined {
    return this.providers.get(kind);
  }
}

const NOT_FOUND = 'File not found.';

/** The kinds the modules register (their files' owners decide who may have them). */
const DOWNLOAD_KINDS = ['results', 'entries', 'certificate', 'certificatewinners', 'invoice', 'numbers'];

/** The one download route of DESIGN.md: `/download/{kind}/{id}`, described for API customers too (issue 27). */
@ApiTags('downloads')
@Controller('download')
class DownloadsController {
  constructor(private readonly registry: DownloadRegistry) {}

  @Get(':kind/:id')
  @ApiOperation({
    operationId: 'download',
    summary: "A file as an attachment: a draw's results CSV, entries file, certificate PDF or winners list PDF, an invoice PDF, or a random numbers result",
    description:
      "results: the winners and reserves as CSV (columns named by the entries file's header row), for the draw's owner or an administrator; " +
      "entries: the entries file byte for byte (its SHA-256 is the draw's entriesSha256), for the same; certificate, certificatewinners: the PDFs; " +
      'invoice: an invoice PDF, for its owner; numbers: the whole result of GenerateRandomNumbers, as CSV or TXT, for anyone with its name until its expiresAt.',
  })
  @ApiParam({ name: 'kind', enum: DOWNLOAD_KINDS })
  @ApiParam({
    name: 'id',
    description: "The draw id; for invoice the invoice's id; for numbers the fileName GenerateRandomNumbers answered, then .csv or .txt.",
    example: '5d0c9f4e-2b7a-4c1e-9f3d-8a6b2c4e1f07',
  })
  @ApiProduces('text/csv', 'text/plain', 'application/pdf')
  @ApiOkResponse({ description: 'The file, with a Content-Disposition attachment name.', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: "'File not found.': no such draw or file, or not the caller's." })
  async download(@Param('kind') kind: string, @Param('id') id: string, @Req() request: FastifyRequest & { user?: DownloadCaller }, @Res() reply: FastifyReply): Promise<void> {
    const provider = this.registry.provider(kind);
    const file = provider ? await provider.open(id, request.user) : null;
    if (!file) throw new NotFoundException({ message: NOT_FOUND });
    const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    // RFC 5987's value allows fewer characters than encodeURIComponent leaves: an apostrophe, parenthesis or star makes
    // strict browsers (Firefox) drop the UTF-8 name for the plain one.
    const utf8Name = encodeURIComponent(file.fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    void reply.header('Content-Disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${utf8Name}`).header('X-Content-Type-Options', 'nosniff');
    if (file.shared) {
      await sendPublicAnswer(request, reply, file.shared.answer, file.shared.policy);
      return;
    }
    await reply.header('Content-Type', file.contentType).header('Cache-Control', 'private, no-store').send(file.body);
  }
}

@Global()
@Module({ providers: [DownloadRegistry], controllers: [DownloadsController], exports: [DownloadRegistry] })
export class DownloadsModule {}
