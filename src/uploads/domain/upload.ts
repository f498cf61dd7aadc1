import type { Delimiter, EntrySelection, TextEncodingName } from '#entries-file';
import type { TextExtension, UploadExtension } from '#rules';
import { mayAct, OWNERSHIP, VISITOR } from '../../platform/ownership/ownership.js';

/** The entries file of an upload: the uploaded text file, or the one text file of an uploaded zip. */
export interface EntriesFile {
  byteSize: number;
  /** SHA-256 of the entries file's bytes, lower-case hex: what a certificate records and a verifier checks. */
  sha256: string;
  encoding: TextEncodingName;
}

/** A header or first-row column as confirmation shows it. */
interface InspectedColumn {
  name: string;
  blacklisted: boolean;
}

export interface InspectedRow {
  text: string;
  columns: string[];
}

/** What confirmation learnt from a full read of the entries file; kept so the next confirmation is instant. */
export interface EntriesInspection {
  rulesVersion: number;
  delimiter: Delimiter;
  /** Non-empty rows, the header row (if any) included. */
  rowCount: number;
  emptyRowCount: number;
  columnCount: number;
  /** The first three non-empty rows: the header row candidate and the first two entry rows. */
  firstRows: InspectedRow[];
  headerColumns: InspectedColumn[];
  entryCountColumnsValidWithHeader: boolean[];
  entryCountColumnsValidWithoutHeader: boolean[];
  uniqueIdColumnsValidWithHeader: boolean[];
  uniqueIdColumnsValidWithoutHeader: boolean[];
  warnings: string[];
  /** Set when the file cannot become entry rows; the other fields are then empty. */
  errorMessage: string | null;
}

export interface AdvancedProcessingResult {
  entryRowCount: number;
  entrantCount: number;
  entryCount: number;
  emptyRowCount: number;
  warningMessages: string[];
  errorMessage: string | null;
}

/** The last advanced processing and its choice of rows and columns. */
export interface EntriesProcessing {
  rulesVersion: number;
  selection: EntrySelection;
  result: AdvancedProcessingResult;
}

export interface Upload {
  /** The server file name: 128 random bits in hex, never derived from the client's name. */
  id: string;
  clientSession: string;
  ownerUserId: string | null;
  /** The client's file name (headerFileName). */
  fileName: string;
  fileExtension: UploadExtension;
  /** For a zip upload, the name and type of the entries file inside it. */
  archivedFileName: string | null;
  archivedFileExtension: TextExtension | null;
  byteSize: number;
  entries: EntriesFile;
  inspection: EntriesInspection | null;
  processing: EntriesProcessing | null;
  createdAt: Date;
}

/** Who asks: the browser tab's client session and, when logged in, the user. */
export interface UploadAccess {
  clientSession?: string | null;
  userId?: string | null;
}

/** An upload belongs to the session that made it and, once linked, to its owner (DESIGN "clientSession"). */
export function canAccess(upload: Pick<Upload, 'clientSession' | 'ownerUserId'>, access: UploadAccess): boolean {
  return mayAct({ ...VISITOR, userId: access.userId ?? null, clientSession: access.clientSession ?? null }, upload, OWNERSHIP.upload);
}

/** Server file names are 32 lower-case hex digits. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Client sessions: 8 to 128 letters, digits, '-' or '_' (a UUID fits). */
export const CLIENT_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** The extension the entries file is read by (its own inside a zip). */
export function entriesExtensionOf(upload: Pick<Upload, 'fileExtension' | 'archivedFileExtension'>): TextExtension {
  return upload.archivedFileExtension ?? (upload.fileExtension as TextExtension);
}
