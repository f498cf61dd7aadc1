import type { Branding, ImageExtension, ImageSlot } from '#rules';

/** Branding images: 2 MB at most (a certificate header needs far less; it keeps PDFs small). */
export const BRANDING_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const BrandingImageMessages = {
  empty: 'The image is empty.',
  tooLarge: 'The image is larger than 2 MB.',
  type: 'Upload a PNG or JPEG image.',
  oneImage: 'Upload one image at a time.',
  tooManyFields: 'The upload has too many fields.',
  unreadable: 'The image cannot be read: upload a complete PNG or JPEG image.',
  svg: 'SVG images are not accepted (they can carry scripts): upload a PNG or JPEG image.',
  noSession: 'Your browser session was not recognised: reload the page and try again.',
} as const;

/**
 * The image's type from its bytes, never from its name or the browser's word: PNG and JPEG only (what the PDF can
 * embed and a browser shows without running anything). Answers the extension, or the refusal's message.
 */
export function sniffedImageExtension(detected: { ext: string } | undefined, bytes: Uint8Array): ImageExtension | { message: string } {
  if (detected?.ext === 'png') return 'png';
  if (detected?.ext === 'jpg') return 'jpg';
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<?xml') || head.includes('<svg')) return { message: BrandingImageMessages.svg };
  return { message: BrandingImageMessages.type };
}

/** An image uploaded for branding, kept until a branding of the uploader's draw refers to it. */
export interface BrandingUpload {
  /** The serverFileName: 128 random bits in hex. */
  id: string;
  clientSession: string | null;
  ownerUserId: string | null;
  fileName: string;
  extension: ImageExtension;
  byteSize: number;
  createdAt: Date;
}

/**
 * Where a saved branding's images are stored, by slot. Each save writes its new images under keys of their own, never
 * overwritten, and its row names them: the row's commit is what switches an image. A slot with an image and no key
 * was saved before keys were recorded (stop 41) and is stored under its slot's one key of then.
 */
export type BrandingImageKeys = Partial<Record<ImageSlot, string>>;

export interface StoredBranding {
  branding: Branding;
  imageKeys: BrandingImageKeys;
}
