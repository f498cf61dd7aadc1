import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { type Branding, DEFAULT_BRANDING, firstUnitsOf, IMAGE_SLOTS, type ImageExtension, type ImageSlot, serialiseBranding } from '#rules';
import { brandingErrors, contrastWarnings, hasImage, normaliseBranding } from '../domain/branding.js';
import { BrandingImageMessages, BRANDING_IMAGE_MAX_BYTES, type BrandingUpload, sniffedImageExtension } from '../domain/branding-images.js';
import { brandingUploadKey, certificateKeys } from './certificate-keys.js';
import { embedsInCertificate } from './embeddable-image.js';
import { TypeormBrandingRepository } from '../infrastructure/typeorm-branding.repository.js';
import { readStoredFile, writeStoredFile } from '../../platform/storage/stored-files.js';
import { NotAllowedError, NotFoundError, RuleBrokenError, TooLargeError, UnsupportedMediaError } from '../../platform/errors/application-errors.js';
import { type Caller, mayAct, OWNERSHIP, VISITOR } from '../../platform/ownership/ownership.js';

export interface UploadCaller {
  clientSession: string | null;
  userId: string | null;
}

const REUSE_LIST_LIMIT = 50;
/** An uploaded image is copied to the draw when its branding is saved; unsaved uploads go after a day. */
const BRANDING_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class BrandingService {
  constructor(
    private readonly brandings: TypeormBrandingRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly draws: DrawQueryService,
  ) {}

  async brandingOf(drawId: string): Promise<Branding> {
    return (await this.brandings.find(drawId)) ?? DEFAULT_BRANDING;
  }

  /**
   * Saves a draw's branding for its owner: the rules of part 2 §5 as errors, contrast as warnings. Images uploaded
   * with /api/upload/branding (by the same browser or user) or saved with another of the owner's draws
   * (`imagesFromDrawId`, the reuse list) are copied to this draw.
   */
  async save(drawId: string, viewer: Caller, sent: Branding, imagesFromDrawId: string | null): Promise<{ branding: Branding; warnings: ReturnType<typeof contrastWarnings> }> {
    const view = await this.draws.find(drawId, viewer);
    if (!view || !view.isOwner || view.draw.state === 'draft') throw new NotFoundError('Draw not found.');
    const refusal = this.draws.testKeyRefusal(view.draw, viewer);
    if (refusal) throw new NotAllowedError(refusal);
    const errors = brandingErrors(sent);
    if (Object.keys(errors).length > 0) throw new RuleBrokenError(Object.values(errors)[0][0], errors);
    const branding = normaliseBranding(sent);
    const current = await this.brandingOf(drawId);
    // Written once every slot is known good: a refusal must leave the draw's saved images as they were.
    const writes: { key: string; bytes: Buffer }[] = [];
    for (const slot of IMAGE_SLOTS) {
      const image = branding.images[slot];
      if (!image || image.fileName === '.') {
        branding.images[slot] = null;
        continue;
      }
      if (image.serverFileName) {
        const upload = await this.brandings.findUpload(image.serverFileName);
        if (!upload || !uploadedBy(upload, viewer))
          throw new RuleBrokenError('This image is not available: upload it again.', { [`images.${slot}`]: ['This image is not available: upload it again.'] });
        const bytes = await readStoredFile(this.storage, brandingUploadKey(upload.id));
        if (!bytes) throw new RuleBrokenError('This image is not available: upload it again.', { [`images.${slot}`]: ['This image is not available: upload it again.'] });
        writes.push({ key: certificateKeys(drawId).image(slot, upload.extension), bytes });
        branding.images[slot] = { fileName: upload.fileName, extension: upload.extension, serverFileName: null };
      } else if (imagesFromDrawId && imagesFromDrawId !== drawId && image.extension) {
        const source = await this.draws.find(imagesFromDrawId, viewer);
        const bytes = source?.isOwner ? await readStoredFile(this.storage, certificateKeys(imagesFromDrawId).image(slot, image.extension)) : null;
        if (!bytes) throw new RuleBrokenError('This image is not available: upload it again.', { [`images.${slot}`]: ['This image is not available: upload it again.'] });
        writes.push({ key: certificateKeys(drawId).image(slot, image.extension), bytes });
      } else if (!hasImage(current, slot) || current.images[slot]?.extension !== image.extension) {
        // An image the draw does not have cannot be named into it.
        branding.images[slot] = null;
      } else {
        branding.images[slot] = { ...current.images[slot]! };
      }
    }
    const after = brandingErrors(branding);
    if (Object.keys(after).length > 0) throw new RuleBrokenError(Object.values(after)[0][0], after);
    for (const { key, bytes } of writes) await writeStoredFile(this.storage, key, bytes);
    await this.brandings.save(drawId, view.draw.ownerUserId, branding, this.clock.now());
    return { branding, warnings: contrastWarnings(branding) };
  }

  /** getBrandReuseList: the owner's other branded draws, newest branding first. */
  async reuseList(userId: string): Promise<{ drawId: string; shortCode: string; relevantDate: Date; name: string; organisation: string; drawBranding: string }[]> {
    const rows = await this.brandings.listForOwner(userId, REUSE_LIST_LIMIT);
    const list = [];
    for (const row of rows) {
      const record = await this.draws.record({ id: row.drawId });
      if (!record || !mayAct({ ...VISITOR, userId }, record.draw, OWNERSHIP.account)) continue;
      list.push({
        drawId: row.drawId,
        shortCode: record.draw.shortCode,
        relevantDate: record.draw.drawnAt ?? record.draw.scheduleDate,
        name: record.draw.name,
        organisation: record.draw.organisation,
        drawBranding: serialiseBranding(row.branding),
      });
    }
    return list;
  }

  /** A saved image of a draw's branding (getbrandingimage), or null. */
  async image(drawId: string, slot: ImageSlot): Promise<{ bytes: Buffer; extension: ImageExtension } | null> {
    const branding = await this.brandingOf(drawId);
    const image = branding.images[slot];
    if (!image?.extension) return null;
    const bytes = await this.imageBytes(drawId, branding, slot);
    return bytes ? { bytes, extension: image.extension } : null;
  }

  async imageBytes(drawId: string, branding: Branding, slot: ImageSlot): Promise<Buffer | null> {
    const image = branding.images[slot];
    if (!image?.extension) return null;
    return readStoredFile(this.storage, certificateKeys(drawId).image(slot, image.extension));
  }

  /** POST /api/upload/branding: a PNG or JPEG up to the limit, its type read from its bytes, kept for the uploader. */
  async upload(fileName: string, bytes: Buffer, caller: UploadCaller): Promise<BrandingUpload> {
    if (bytes.length === 0) throw new RuleBrokenError(BrandingImageMessages.empty);
    if (bytes.length > BRANDING_IMAGE_MAX_BYTES) throw new TooLargeError(BrandingImageMessages.tooLarge);
    const extension = sniffedImageExtension(await fileTypeFromBuffer(bytes), bytes);
    if (typeof extension !== 'string') throw new UnsupportedMediaError(extension.message);
    if (!caller.clientSession && !caller.userId) throw new RuleBrokenError(BrandingImageMessages.noSession);
    // Last: it starts a worker thread, which a request to be refused anyway should not cost.
    if (!(await embedsInCertificate(bytes))) throw new RuleBrokenError(BrandingImageMessages.unreadable);
    const upload: BrandingUpload = {
      id: randomBytes(16).toString('hex'),
      clientSession: caller.clientSession,
      ownerUserId: caller.userId,
      fileName: cleanFileName(fileName, extension),
      extension,
      byteSize: bytes.length,
      createdAt: this.clock.now(),
    };
    await writeStoredFile(this.storage, brandingUploadKey(upload.id), bytes);
    await this.brandings.saveUpload(upload);
    return upload;
  }

  /** Removes uploads older than their lifetime (file first, then row, so nothing is left without its record). */
  async sweepUploads(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - BRANDING_UPLOAD_LIFETIME_MS);
    let removed = 0;
    for (;;) {
      const ids = await this.brandings.uploadsOlderThan(before, 500);
      for (const id of ids) {
        await this.storage.delete(brandingUploadKey(id));
        await this.brandings.deleteUpload(id);
      }
      removed += ids.length;
      if (ids.length < 500) return removed;
    }
  }
}

function uploadedBy(upload: BrandingUpload, viewer: Caller): boolean {
  return mayAct(viewer, upload, OWNERSHIP.upload);
}

function cleanFileName(name: string, extension: string): string {
  const base = name
    .replace(/[\\/]/g, '_')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim();
  // Whole characters: a letter outside the BMP cut in half would be stored as U+FFFD.
  return firstUnitsOf(base, 100) || `image.${extension}`;
}
