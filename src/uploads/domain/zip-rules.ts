import { baseNameOf, extensionOf, isExcelExtension, isTextExtension } from '#rules';

/** Most entries a zip upload may list; more is refused before anything is extracted. */
export const MAX_ZIP_ENTRIES = 100;

export const ZipMessages = {
  unreadable: 'Invalid zip file. The file could not be read as a zip archive.',
  pathOutside: 'Invalid zip file. A name in the zip file leads out of its folder ("../" or an absolute path), which is not allowed.',
  tooManyEntries: `Invalid zip file. The zip file holds more than ${MAX_ZIP_ENTRIES} entries.`,
  oneEntriesFile: 'Invalid zip file. The zip file must contain exactly one txt, csv or tsv file.',
  encrypted: 'Invalid zip file. Password-protected zip files are not supported.',
  unsupportedCompression: 'Invalid zip file. The file inside is compressed with a method other than deflate.',
  sizeMismatch: 'Invalid zip file. The sizes recorded in the zip file do not match its contents.',
  tooLarge: (limitMb: number) => `Invalid file size. The file inside the zip file is larger than the maximum file size of ${limitMb}MB.`,
  empty: 'Invalid file. The file inside the zip file is empty.',
};

/** What a zip entry is to us. */
export type ZipEntryRole = 'folder' | 'ignored' | 'entries' | 'excel' | 'other';

/**
 * Folders and the files operating systems add when zipping (__MACOSX/, ._*, .DS_Store, Thumbs.db, desktop.ini) are
 * ignored; of the rest, exactly one must be a txt, csv or tsv file.
 */
export function roleOfZipEntry(path: string): ZipEntryRole {
  if (path.endsWith('/') || path.endsWith('\\')) return 'folder';
  const segments = path.split(/[/\\]/);
  const name = segments[segments.length - 1];
  if (segments.some((s) => s === '__MACOSX') || name.startsWith('._') || ['.ds_store', 'thumbs.db', 'desktop.ini'].includes(name.toLowerCase())) {
    return 'ignored';
  }
  const extension = extensionOf(name);
  if (isTextExtension(extension)) return 'entries';
  if (isExcelExtension(extension)) return 'excel';
  return 'other';
}

/** yauzl refuses a name with `..` segments or an absolute path (zip slip) with these words; no other fault reads so. */
export function isPathOutsideFault(message: string): boolean {
  return /^(invalid relative path|absolute path): /.test(message);
}

export function archivedNameOf(path: string): string {
  return baseNameOf(path);
}
