import { lastUnitsOf } from './text-cut.js';
/**
 * What may be uploaded as an entries file (part 1 §5 "Upload"): txt, csv, tsv or zip, not empty, at most the site's
 * upload limit. The messages are the spec's; the Excel hint is ours (docs/decisions.md, "Uploads").
 */
const TEXT_EXTENSIONS = ['txt', 'csv', 'tsv'] as const;
export const UPLOAD_EXTENSIONS = [...TEXT_EXTENSIONS, 'zip'] as const;
export type TextExtension = (typeof TEXT_EXTENSIONS)[number];
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Excel's file types: refused with a hint to save as CSV. */
const EXCEL_EXTENSIONS = ['xls', 'xlsx', 'xlsm', 'xlsb', 'xlt', 'xltx', 'xltm'] as const;

/** One MB of the upload limit: 1,048,576 bytes. */
export const BYTES_PER_MB = 1024 * 1024;

export const UploadMessages = {
  invalidType: 'Invalid file type. Only txt, csv, tsv or zip files are allowed.',
  excelHint: ' Please save your Excel file as CSV.',
  empty: 'Invalid file. The file you uploaded is empty.',
  /** Not worded by the spec (issue 27): a file with a text file's name whose bytes are not text is told so. */
  notText: 'Invalid file. The file you uploaded is not a text file: please upload entries saved as text (txt, csv or tsv).',
  tooLarge: (limitMb: number) => `Invalid file size. The maximum file size is ${limitMb}MB.`,
  noFile: 'Please choose a file to upload.',
  oneFile: 'Please upload one file at a time.',
  clientSessionRequired: 'The client session is missing or invalid.',
  notMultipart: 'Files must be uploaded as multipart/form-data.',
  interrupted: 'The upload was interrupted. Please try again.',
  fileNotFound: 'File not found.',
};

export function isTextExtension(extension: string): extension is TextExtension {
  return (TEXT_EXTENSIONS as readonly string[]).includes(extension);
}

export function isUploadExtension(extension: string): extension is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

export function isExcelExtension(extension: string): boolean {
  return (EXCEL_EXTENSIONS as readonly string[]).includes(extension);
}

/** The file type message, with the Excel hint for Excel files. */
export function invalidTypeMessage(extension: string, looksLikeExcel = false): string {
  return UploadMessages.invalidType + (looksLikeExcel || isExcelExtension(extension) ? UploadMessages.excelHint : '');
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const base = baseNameOf(fileName);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The last path segment (browsers have sent full Windows paths), without control characters, at most 255 chars. */
export function baseNameOf(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // Whole characters only: the name is answered, echoed in drafts and stored.
  return lastUnitsOf(clean, 255);
}

/** What the first bytes of an upload say about it. */
export type FileSignature = 'zip' | 'ole2' | 'binary' | 'text';

/** Bytes of the start of an upload that decide its signature. */
export const SIGNATURE_PROBE_BYTES = 8 * 1024;

/**
 * ZIP (also xlsx and other Office Open XML files) starts with PK\3\4 (or PK\5\6 when empty); xls and other
 * pre-2007 Office files with the OLE2 signature. A NUL byte in a file without a UTF-16 byte order mark means it is
 * not text.
 */
export function signatureOf(head: Uint8Array): FileSignature {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6)) return 'zip';
  const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (head.length >= 8 && ole2.every((b, i) => head[i] === b)) return 'ole2';
  const utf16 = head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  if (!utf16 && head.includes(0)) return 'binary';
  return 'text';
}
