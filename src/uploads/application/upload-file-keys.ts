import type { EntrySelection } from '#entries-file';

/**
 * Where an upload's files are kept in storage, under a two-hex-digit shard so that no folder grows too large:
 * - upload: the file as uploaded (a text file or a zip);
 * - entries: the file extracted from a zip (a text upload is its own entries file);
 * - text: the entries file turned into UTF-8, when it was in another encoding;
 * - rows: the rows index (offset and length of every non-empty row);
 * - one selection index per choice of header row and columns processed: ticket counts and entrant numbers.
 */
export interface UploadFileKeys {
  upload: string;
  entries: string;
  text: string;
  rows: string;
}

export function uploadFileKeys(id: string): UploadFileKeys {
  const base = uploadBase(id);
  return { upload: `${base}.upload`, entries: `${base}.entries`, text: `${base}.text`, rows: `${base}.rows` };
}

/** The selection index of one choice, e.g. `….selection-h1-t2-u3` (n: no such column). */
export function selectionIndexKey(id: string, selection: EntrySelection): string {
  const column = (c: number | null) => (c === null ? 'n' : String(c));
  return `${uploadBase(id)}.selection-h${selection.headerRow ? 1 : 0}-t${column(selection.entryCountColumn)}-u${column(selection.uniqueEntrantIdColumn)}`;
}

/** What every file of an upload is kept under: its keys all start with this. */
export function uploadFilesPrefix(id: string): string {
  return `${uploadBase(id)}.`;
}

/** Every upload's files are kept under this. */
export const UPLOADS_PREFIX = 'uploads/';

const UPLOAD_FILE_KEY = /^uploads\/[0-9a-f]{2}\/([0-9a-f]{32})\./;

/** The upload a stored file belongs to, or null for a key that is no upload's file. */
export function uploadIdOfKey(key: string): string | null {
  return UPLOAD_FILE_KEY.exec(key)?.[1] ?? null;
}

function uploadBase(id: string): string {
  return `${UPLOADS_PREFIX}${id.slice(0, 2)}/${id}`;
}
