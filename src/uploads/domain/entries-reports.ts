import { type Delimiter, encodingLabel, EntriesMessages, type EntriesPassResult, type SelectionResult, shownText, type TextEncodingName } from '#entries-file';
import { detectSensitiveColumns } from './sensitive-columns.js';
import type { AdvancedProcessingResult, EntriesInspection, InspectedRow } from './upload.js';

/**
 * Version of the rules that build inspections and indexes; stored with each, so that results of older rules are
 * rebuilt rather than trusted when the rules change.
 */
export const ENTRIES_RULES_VERSION = 1;

/** Rows shown on confirmation: the header row candidate and two entry rows. */
export const SHOWN_ROWS = 3;

/** Warnings about the file itself (shown on confirmation and again after advanced processing). */
function fileWarnings(pass: Pick<EntriesPassResult, 'otherColumnCountRows' | 'firstOtherColumnCountRow' | 'columnCount'>, encoding: TextEncodingName): string[] {
  const warnings: string[] = [];
  if (encoding === 'windows-1252') warnings.push(EntriesMessages.encodingWarning(encodingLabel(encoding)));
  if (pass.otherColumnCountRows > 0) {
    warnings.push(EntriesMessages.columnCountWarning(pass.otherColumnCountRows, pass.firstOtherColumnCountRow, pass.columnCount));
  }
  return warnings;
}

export function buildInspection(input: {
  delimiter: Delimiter;
  encoding: TextEncodingName;
  pass: EntriesPassResult;
  /** The first SHOWN_ROWS non-empty rows, read by the general parser. */
  firstRows: InspectedRow[];
  /** Values of the first rows, for the sensitive-column rules. */
  sampleRows: readonly (readonly string[])[];
}): EntriesInspection {
  const { pass } = input;
  // Stored as jsonb and echoed back by the wizard: a NUL in them would fail both.
  const firstRows = input.firstRows.map((row) => ({ text: shownText(row.text), columns: row.columns.map(shownText) }));
  const names = firstRows[0]?.columns ?? [];
  const sensitive = detectSensitiveColumns(names, input.sampleRows);
  return {
    rulesVersion: ENTRIES_RULES_VERSION,
    delimiter: input.delimiter,
    rowCount: pass.rowCount,
    emptyRowCount: pass.emptyRowCount,
    columnCount: pass.columnCount,
    firstRows,
    headerColumns: names.map((name, c) => ({ name, blacklisted: sensitive[c] !== null })),
    entryCountColumnsValidWithHeader: pass.checks.ticketsValidWithHeader,
    entryCountColumnsValidWithoutHeader: pass.checks.ticketsValidWithoutHeader,
    uniqueIdColumnsValidWithHeader: pass.checks.idsValidWithHeader,
    uniqueIdColumnsValidWithoutHeader: pass.checks.idsValidWithoutHeader,
    warnings: fileWarnings(pass, input.encoding),
    errorMessage: null,
  };
}

/** An inspection of a file that cannot become entry rows. */
export function failedInspection(delimiter: Delimiter, errorMessage: string): EntriesInspection {
  return {
    rulesVersion: ENTRIES_RULES_VERSION,
    delimiter,
    rowCount: 0,
    emptyRowCount: 0,
    columnCount: 0,
    firstRows: [],
    headerColumns: [],
    entryCountColumnsValidWithHeader: [],
    entryCountColumnsValidWithoutHeader: [],
    uniqueIdColumnsValidWithHeader: [],
    uniqueIdColumnsValidWithoutHeader: [],
    warnings: [],
    errorMessage,
  };
}

export function buildProcessingResult(selection: SelectionResult, emptyRowCount: number, warnings: string[]): AdvancedProcessingResult {
  const warningMessages = [...warnings];
  if (selection.tickets !== null && selection.zeroTicketRows > 0) warningMessages.push(EntriesMessages.zeroTicketsWarning(selection.zeroTicketRows));
  let errorMessage: string | null = null;
  if (selection.entryRowCount === 0) errorMessage = EntriesMessages.noEntryRows;
  else if (selection.entryCount === 0) errorMessage = EntriesMessages.noTickets;
  return {
    entryRowCount: selection.entryRowCount,
    entrantCount: selection.entrantCount,
    entryCount: selection.entryCount,
    emptyRowCount,
    warningMessages,
    errorMessage,
  };
}

export function failedProcessing(errorMessage: string): AdvancedProcessingResult {
  return { entryRowCount: 0, entrantCount: 0, entryCount: 0, emptyRowCount: 0, warningMessages: [], errorMessage };
}
