import type { Multipart } from '@fastify/multipart';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res, UnsupportedMediaTypeException } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ConfigService } from '@nestjs/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CallerRequest, callerOf, CurrentUser, OptionalUser, RequireUser } from '../../accounts/api/auth/caller.js';
import type { User } from '../../accounts/domain/user.js';
import type { Environment } from '../../config/environment.js';
import { type CachePolicy, publicAnswer, publicCacheSettings, sendPublicAnswer } from '../../platform/http/public-answers.js';
import { CLIENT_TOKEN_PATTERN, UUID_PATTERN } from '../../platform/http/patterns.js';
import { BrandingService } from '../application/branding.service.js';
import { IMAGE_SLOTS, type ImageSlot } from '#rules';
import { BrandingImageMessages, BRANDING_IMAGE_MAX_BYTES } from '../domain/branding-images.js';
import { BrandingDto, BrandingResponseDto, BrandingUploadResultDto, BrandReuseItemDto, SaveBrandingRequestDto } from './dto/branding.dto.js';
import { AcceptsFiles } from '../../platform/http/cross-site.js';
import { RuleBrokenError, TooLargeError } from '../../platform/errors/application-errors.js';

const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

/** The branding editor's calls: save, reuse list, images (part 2 §7). */
@ApiTags('branding')
@Controller('api')
export class BrandingController {
  private readonly imagePolicy: CachePolicy;

  constructor(
    private readonly branding: BrandingService,
    config: ConfigService<Environment, true>,
  ) {
    this.imagePolicy = { shared: true, ...publicCacheSettings(config) };
  }

  @Post('draw/branding')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'saveBranding',
    summary: "Save a draw's certificate branding (the draw's owner)",
    description: 'Colours are 6-digit hex; contrast below 4.5:1 (page vs text, page vs text logo) is answered as warnings, not refused.',
  })
  @ApiOkResponse({ type: BrandingResponseDto })
  async save(@Body() body: SaveBrandingRequestDto, @OptionalUser() user: User | undefined, @Req() request: CallerRequest): Promise<BrandingResponseDto> {
    const viewer = callerOf(user, body.clientSession, request);
    const saved = await this.branding.save(body.drawId, viewer, BrandingDto.toDomain(body.branding), body.imagesFromDrawId ?? null);
    return BrandingResponseDto.from(saved.branding, saved.warnings);
  }

  @Get('draw/getBrandReuseList')
  @RequireUser()
  @ApiOperation({ operationId: 'getBrandReuseList', summary: "The caller's branded draws, to reuse a branding" })
  @ApiOkResponse({ type: [BrandReuseItemDto] })
  async reuseList(@CurrentUser() user: User): Promise<BrandReuseItemDto[]> {
    return (await this.branding.reuseList(user.id)).map((item) => ({ ...item, relevantDate: item.relevantDate.toISOString() }));
  }

  @Get('draw/getbrandingimage/:drawId')
  @ApiOperation({ operationId: 'getBrandingImage', summary: "One of a draw's branding images (PNG or JPEG), as its certificate shows it" })
  @ApiParam({ name: 'drawId', format: 'uuid' })
  @ApiQuery({ name: 'location', enum: IMAGE_SLOTS, description: 'Which image (any letter case).' })
  @ApiProduces('image/png', 'image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: "'File not found.'" })
  async image(@Param('drawId') drawId: string, @Query('location') location: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const slot = IMAGE_SLOTS.find((name) => name.toLowerCase() === String(location ?? '').toLowerCase()) as ImageSlot | undefined;
    const image = UUID_PATTERN.test(drawId) && slot ? await this.branding.image(drawId, slot) : null;
    if (!image) throw new NotFoundException({ message: 'File not found.' });
    void reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'");
    // Its address names the image by its file name, which a new image may share: kept as long as the rest of the
    // branding (a change shows within max-age), and revalidated by its ETag.
    await sendPublicAnswer(request, reply, publicAnswer(image.bytes, IMAGE_TYPES[image.extension], false), this.imagePolicy);
  }

  @Post('upload/branding')
  @HttpCode(201)
  @ApiOperation({
    operationId: 'uploadBrandingImage',
    summary: 'Upload a branding image: PNG or JPEG (read from its bytes), at most 2 MB',
    description: 'SVG and anything else is refused with 415, beyond 2 MB with 413. The image belongs to the clientSession (and user) that sent it.',
  })
  @AcceptsFiles()
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, clientSession: { type: 'string' } } } })
  @ApiCreatedResponse({ type: BrandingUploadResultDto })
  async upload(@Req() request: CallerRequest, @OptionalUser() user: User | undefined): Promise<BrandingUploadResultDto> {
    if (!request.isMultipart()) throw new UnsupportedMediaTypeException({ message: 'Send the image as multipart/form-data.' });
    let clientSession: string | null = request.session?.get('clientSession') ?? null;
    let file: { name: string; bytes: Buffer } | null = null;
    try {
      for await (const part of request.parts({ limits: { files: 1, fields: 4, fieldSize: 256, fileSize: BRANDING_IMAGE_MAX_BYTES + 1 } }) as AsyncIterableIterator<Multipart>) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated || bytes.length > BRANDING_IMAGE_MAX_BYTES) throw new TooLargeError(BrandingImageMessages.tooLarge);
          file = { name: part.filename ?? '', bytes };
        } else if (part.fieldname === 'clientSession' && typeof part.value === 'string' && CLIENT_TOKEN_PATTERN.test(part.value)) {
          clientSession = part.value;
        }
      }
      if (!file) throw new RuleBrokenError('Choose an image to upload.');
      const upload = await this.branding.upload(file.name, file.bytes, { clientSession, userId: user?.id ?? null });
      return { serverFileName: upload.id, headerFileName: upload.fileName, fileExtension: upload.extension };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLargeError(BrandingImageMessages.tooLarge);
      // The parser's own refusals were 413s with its wording ("reach files limit"): the body was not too large.
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new RuleBrokenError(BrandingImageMessages.oneImage);
      if (['FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'].includes((error as { code?: string }).code ?? '')) throw new RuleBrokenError(BrandingImageMessages.tooManyFields);
      throw error;
    }
  }
}
