import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { FILE_STORAGE, type FileStorage } from '../../platform/storage/file-storage.port.js';
import { type Branding, DEFAULT_BRANDING, firstUnitsOf, IMAGE_SLOTS, type ImageExtension, type ImageSlot, serialiseBranding } from '#rules';
import { brandingErrors, contrastWarnings, hasImage, normaliseBranding } from '../domain/branding.js';
import { BrandingImageMessages, BRANDING_IMAGE_MAX_BYTES, type BrandingImageKeys, type BrandingUpload, type StoredBranding, sniffedImageExtension } from '../domain/branding-images.js';
import { BRANDING_IMAGES_PREFIX, brandingUploadKey, certificateKeys } from './certificate-keys.js';
import { embedsInCertificate } from './embeddable-image.js';
import { TypeormBrandingRepository } from '../infrastructure/typeorm-branding.repository.js';
import { readStoredFile, writeStoredFile } from '../../platform/storage/stored-files.js';
import { NotAllowedError, NotFoundError, RuleBrokenError, TooLargeError, UnsupportedMediaError } from '../../platform/errors/application-errors.js';
import { type Caller, mayAct, OWNERSHIP, VISITOR } from '../../platform/ownership/ownership.js';
import { UUID_PATTERN } from '../../platform/http/patterns.js';

export interface UploadCaller {
  clientSession: string | null;
  userId: string | null;
}

const REUSE_LIST_LIMIT = 50;
/** An uploaded image is copied to the draw when its branding is saved; unsaved uploads go after a day. */
const BRANDING_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class BrandingService {
  private readonly logger = new Logger('Branding');

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
    // Written once every slot is known good: a refusal must leave the draw's saved images as they were.
    const writes: { slot: ImageSlot; extension: ImageExtension; bytes: Buffer }[] = [];
    /** Slots keeping the image saved with the draw: decided from the row as it is when this save takes its lock. */
    const kept: ImageSlot[] = [];
    for (const slot of IMAGE_SLOTS) {
      const image = branding.images[slot];
      if (!image || image.fileName === '.') {
        branding.images[slot] = null;
        continue;
      }
      if (image.serverFileName) {
        const upload = await this.brandings.findUpload(image.serverFileName);
        if (!upload || !uploadedBy(upload, viewer)) throw unavailable(slot);
        const bytes = await readStoredFile(this.storage, brandingUploadKey(upload.id));
        if (!bytes) throw unavailable(slot);
        writes.push({ slot, extension: upload.extension, bytes });
        branding.images[slot] = { fileName: upload.fileName, extension: upload.extension, serverFileName: null };
      } else if (imagesFromDrawId && imagesFromDrawId !== drawId && image.extension) {
        const source = await this.draws.find(imagesFromDrawId, viewer);
        const stored = source?.isOwner ? await this.brandings.findStored(imagesFromDrawId) : null;
        const saved = stored?.branding.images[slot];
        const key = stored && saved?.extension === image.extension ? storedImageKeys(imagesFromDrawId, stored)[slot] : undefined;
        const bytes = key ? await readStoredFile(this.storage, key) : null;
        if (!bytes || !saved?.extension) throw unavailable(slot);
        writes.push({ slot, extension: saved.extension, bytes });
        // Named as the image read, whatever name the (maybe older) reuse list gave it.
        branding.images[slot] = { fileName: saved.fileName, extension: saved.extension, serverFileName: null };
      } else {
        kept.push(slot);
      }
    }
    // Each new image under a key of its own, never overwritten, before the row names it: until the row commits, the
    // draw's saved images are served as they were, and of two saves at once each row names the bytes it wrote.
    const written: BrandingImageKeys = {};
    let replaced: { before: StoredBranding | null; after: StoredBranding };
    try {
      for (const { slot, extension, bytes } of writes) {
        const key = certificateKeys(drawId).savedImage(slot, extension, randomBytes(12).toString('hex'));
        written[slot] = key;
        await writeStoredFile(this.storage, key, bytes);
      }
      replaced = await this.brandings.replace(drawId, view.draw.ownerUserId, this.clock.now(), (current) => {
        const saved: Branding = { ...branding, images: { ...branding.images } };
        const imageKeys: BrandingImageKeys = { ...written };
        const currentKeys = storedImageKeys(drawId, current);
        for (const slot of kept) {
          const had = current?.branding.images[slot];
          // An image the draw does not have cannot be named into it.
          if (!current || !hasImage(current.branding, slot) || had?.extension !== saved.images[slot]?.extension) saved.images[slot] = null;
          else {
            saved.images[slot] = { ...had! };
            imageKeys[slot] = currentKeys[slot];
          }
        }
        const after = brandingErrors(saved);
        if (Object.keys(after).length > 0) throw new RuleBrokenError(Object.values(after)[0][0], after);
        return { branding: saved, imageKeys };
      });
    } catch (error) {
      await this.removeUnnamed(drawId, Object.values(written));
      throw error;
    }
    const { before, after } = replaced;
    const named = new Set(Object.values(after.imageKeys));
    await this.removeUnnamed(
      drawId,
      Object.values(storedImageKeys(drawId, before)).filter((key) => !named.has(key)),
    );
    return { branding: after.branding, warnings: contrastWarnings(after.branding) };
  }

  /**
   * Removes those of `keys` (a draw's image files) that its saved branding does not name. A save names only new
   * files and those of the branding it replaces, so no later save can name them again. A failure is left to the
   * daily sweep (sweepUnnamedImages).
   */
  private async removeUnnamed(drawId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      const named = new Set(Object.values(storedImageKeys(drawId, await this.brandings.findStored(drawId))));
      for (const key of keys) if (!named.has(key)) await this.storage.delete(key);
    } catch (error) {
      this.logger.warn(`Branding images of draw ${drawId} not removed (the daily sweep will): ${error instanceof Error ? error.message : String(error)}`);
    }
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
    const { branding, images } = await this.withImages(drawId, [slot]);
    const bytes = images.get(slot);
    const extension = branding.images[slot]?.extension;
    return bytes && extension ? { bytes, extension } : null;
  }

  /**
   * A draw's saved branding and the bytes of its images of `slots` (null for a slot without one), read together. A
   * save that commits meanwhile removes the files of the images it replaced: one that is gone is read again from the
   * branding as it is now.
   */
  async withImages(drawId: string, slots: readonly ImageSlot[] = IMAGE_SLOTS): Promise<{ branding: Branding; images: Map<ImageSlot, Buffer | null> }> {
    for (let attempt = 1; ; attempt++) {
      const stored = await this.brandings.findStored(drawId);
      const keys = storedImageKeys(drawId, stored);
      const images = new Map(await Promise.all(slots.map(async (slot) => [slot, keys[slot] ? await readStoredFile(this.storage, keys[slot]) : null] as const)));
      if (attempt === 2 || slots.every((slot) => !keys[slot] || images.get(slot))) return { branding: stored?.branding ?? DEFAULT_BRANDING, images };
    }
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

  /**
   * Removes the stored branding images that no saved branding names, once a day old (no save takes that long between
   * writing its images and committing its row): what a save cut short by a crash wrote, or what a removal after a
   * save failed to remove. Answers how many.
   */
  async sweepUnnamedImages(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - BRANDING_UPLOAD_LIFETIME_MS);
    let removed = 0;
    const page = new Map<string, string[]>();
    const removePage = async () => {
      for (const [drawId, keys] of page) {
        const named = new Set(Object.values(storedImageKeys(drawId, UUID_PATTERN.test(drawId) ? await this.brandings.findStored(drawId) : null)));
        for (const key of keys) {
          if (named.has(key)) continue;
          const info = await this.storage.stat(key);
          if (!info || info.modifiedAt >= before) continue;
          await this.storage.delete(key);
          removed++;
        }
      }
      page.clear();
    };
    let listed = 0;
    for await (const key of this.storage.list(BRANDING_IMAGES_PREFIX)) {
      const drawId = key.slice(BRANDING_IMAGES_PREFIX.length).split('/')[0];
      page.set(drawId, [...(page.get(drawId) ?? []), key]);
      if (++listed % 500 === 0) await removePage();
    }
    await removePage();
    return removed;
  }
}

/**
 * Where a saved branding's images are stored, by slot: the keys its row names, or for a row saved before keys were
 * recorded, the slot's one key of then.
 */
function storedImageKeys(drawId: string, stored: StoredBranding | null): BrandingImageKeys {
  const keys: BrandingImageKeys = {};
  for (const slot of IMAGE_SLOTS) {
    const image = stored?.branding.images[slot];
    if (image?.extension) keys[slot] = stored!.imageKeys[slot] ?? certificateKeys(drawId).legacyImage(slot, image.extension);
  }
  return keys;
}

function unavailable(slot: ImageSlot): RuleBrokenError {
  return new RuleBrokenError('This image is not available: upload it again.', { [`images.${slot}`]: ['This image is not available: upload it again.'] });
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
