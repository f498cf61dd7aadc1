import type { SubmitDrawRequestDto } from '../../api/wizard-api';
import { PAYMENT_PROCESSING } from '../../lib/checkout/card-authentication';
import { DRAW_MESSAGES } from '../../../../libs/rules/src/index';
import { drawableEntries, needsProcessing, PAYMENT_DEMO, refillDescriptions } from './rules';
import type { WizardState } from './wizard-slice';

export interface SubmissionExtras {
  clientSession: string;
  idempotencyKey: string;
  currency?: SubmitDrawRequestDto['currency'];
  payment?: { token: string } | { paymentID: string; payerID: string } | null;
  account?: { justRegistered: boolean; isAgent?: boolean; agentOrganisation?: string; optedIntoCommunication?: boolean } | null;
  timeZone: string;
  /** Minutes to add to local time for UTC, as Date#getTimezoneOffset gives it. */
  timeZoneOffset: number;
  /** The human check's token (production only). */
  recaptchaResponse?: string;
}

/** The submitdraw payload of part 1 §7 from the wizard's draw. The server recounts the file; counts are informational. */
export function submissionOf(draw: WizardState, extras: SubmissionExtras): SubmitDrawRequestDto {
  const upload = draw.entryMethod !== 'simple' && draw.upload ? draw.upload : null;
  const advanced = draw.entryMethod === 'uploadAdvanced' && needsProcessing(draw);
  const payment = draw.demoDraw ? {} : (extras.payment ?? {});
  const request: SubmitDrawRequestDto = {
    demoMode: draw.demoDraw,
    name: draw.name.trim(),
    organisation: draw.organisation.trim(),
    entryMethod: draw.entryMethod ?? 'simple',
    prizes: refillDescriptions(draw.prizes),
    paymentOption: draw.demoDraw ? PAYMENT_DEMO : (draw.paymentOption ?? 0),
    scheduleOption: draw.scheduleOption,
    timeZoneOffset: extras.timeZoneOffset,
    scheduleTimezone: extras.timeZone,
    clientSession: extras.clientSession,
    idempotencyKey: extras.idempotencyKey,
    ...payment,
  };
  if (extras.currency) request.currency = extras.currency;
  if (draw.scheduleOption === 1 && draw.scheduleDate) request.scheduleDate = draw.scheduleDate;
  if (draw.entryMethod === 'simple') request.entriesCount = draw.entryCount;
  if (upload) {
    request.fileName = upload.serverFileName;
    request.fileExtension = upload.fileExtension;
    request.headerRowsIncluded = draw.headerRow ?? false;
    const entries = drawableEntries(draw);
    if (entries !== null) request.entriesCount = advanced && draw.processed ? draw.processed.entryCount : entries;
    if (draw.confirmDetails) {
      request.emptyRowCount = draw.confirmDetails.emptyRowCount;
      request.rowStrings = [draw.confirmDetails.headerRowString, draw.confirmDetails.entryRow1String, draw.confirmDetails.entryRow2String].filter((row): row is string => typeof row === 'string');
    }
  }
  if (draw.entryMethod === 'uploadAdvanced') {
    request.entryCountColumn = draw.hasTicketCount ? draw.ticketCountCol : null;
    request.entrantUniqueIdColumn = draw.oneWinPerEntrant ? draw.entrantUniqueIdCol : null;
    request.oneWinPerEntrant = draw.oneWinPerEntrant;
    if (draw.processed) request.entrantCount = draw.processed.entrantCount;
  }
  if (extras.account) {
    request.justRegistered = extras.account.justRegistered;
    if (extras.account.isAgent !== undefined) request.isAgent = extras.account.isAgent;
    if (extras.account.agentOrganisation) request.agentOrganisation = extras.account.agentOrganisation;
    if (extras.account.optedIntoCommunication !== undefined) request.optedIntoCommunication = extras.account.optedIntoCommunication;
  }
  if (draw.draftId) request.draftId = draw.draftId;
  if (extras.recaptchaResponse) request.recaptchaResponse = extras.recaptchaResponse;
  return request;
}

/** A fresh idempotency key: letters, digits and '-' (the server accepts 8 to 64 of them). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Whether an answer settles a submission, so the next one takes a new idempotency key: any definite answer, except that
 * an earlier request of it is still being paid for, or its card payment is still processing (either may yet finish; a
 * new key would pay a second time).
 * A lost answer (none, or 5xx) keeps the key, so a retry pays once.
 */
export function settlesSubmission(status: number | undefined, message: string | undefined): boolean {
  if (status === undefined || status >= 500) return false;
  return !(status === 409 && (message === DRAW_MESSAGES.submissionInProgress || message === PAYMENT_PROCESSING));
}
