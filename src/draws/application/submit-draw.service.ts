import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { firstRoundAfter, firstRoundAtOrAfter, SEED_SCHEMES } from '#rng';
import type { User } from '../../accounts/domain/user.js';
import { CreditService } from '../../billing/application/credit.service.js';
import { PaymentService } from '../../billing/application/payment.service.js';
import { type Currency, isPaidOption, PaymentOption } from '../../billing/domain/pricing.js';
import { BeaconUnavailableError } from '../../platform/beacon/beacon.port.js';
import { BeaconService } from '../../platform/beacon/beacon.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { DrawLogService } from '../../draw-log/application/draw-log.service.js';
import { SiteConfigurationService } from '../../site/application/site-configuration.service.js';
import { EntriesIndexService } from '../../uploads/application/entries-index.service.js';
import { EntriesFileError } from '#entries-file';
import { UploadNotFoundError } from '../../uploads/domain/upload.errors.js';
import { DRAW_REPOSITORY, DRAFT_REPOSITORY } from '../draws.tokens.js';
import type { Draw, DrawEntries, DrawSource, EntryMethod, PrizeSpec } from '../domain/draw.js';
import { committedEntry, committedEntryOf } from '../domain/draw-log-entries.js';
import { DRAW_MESSAGES, isDemoSubmission, normalisePrizes, prizeErrors, randomShortCode, type RuleErrors, scheduleErrors, simpleEntryErrors } from '../domain/draw-rules.js';
import { DrawScheduleService } from './draw-schedule.service.js';
import { ExecuteDrawService } from './execute-draw.service.js';
import { DuplicateSubmissionError, type DrawRepository, type NewDraw } from './ports/draw.repository.port.js';
import { ConflictError, NotAllowedError, NotFoundError, RuleBrokenError, UnavailableError } from '../../platform/errors/application-errors.js';
import type { DraftRepository } from './ports/draft.repository.port.js';
import { CHOOSE_PAYMENT_MESSAGE, type PaymentChoice } from '../../billing/domain/payment-choice.js';

type Commitment = Pick<NewDraw, 'seed' | 'seedHash' | 'seedScheme' | 'beacon' | 'beaconRound'>;

export interface DrawSubmission {
  name: string;
  organisation: string;
  demo: boolean;
  entryMethod: EntryMethod;
  entriesCount?: number;
  fileName?: string;
  headerRow: boolean;
  entryCountColumn?: number | null;
  uniqueEntrantIdColumn?: number | null;
  oneWinPerEntrant: boolean;
  prizes: PrizeSpec[];
  paymentOption: PaymentOption;
  /** Null for "draw now". */
  scheduleDate: Date | null;
  scheduleTimeZone: string;
  currency: Currency;
  /** How a paid option is paid for (billing's value); null when the request chose none. */
  payment: PaymentChoice | null;
  idempotencyKey?: string;
}

export interface Submitter {
  user: User | undefined;
  source: DrawSource;
  clientSession: string | null;
}

const SHORT_CODE_ATTEMPTS = 8;
const ENTRIES_FILE_GONE = 'The entries file was not found. Please upload it again.';

@Injectable()
export class SubmitDrawService {
  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(DRAFT_REPOSITORY) private readonly drafts: DraftRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly site: SiteConfigurationService,
    private readonly entriesIndex: EntriesIndexService,
    private readonly payments: PaymentService,
    private readonly credits: CreditService,
    private readonly execution: ExecuteDrawService,
    private readonly schedule: DrawScheduleService,
    private readonly beacon: BeaconService,
    private readonly log: DrawLogService,
    private readonly transactions: Transactions,
  ) {}

  /** Checks every rule, takes the payment, stores the draw with its sealed seed, then draws it now or schedules it. */
  async submit(submission: DrawSubmission, submitter: Submitter): Promise<string> {
    // A retry of a submission whose answer was lost finds the draw the first request made: before any rule is
    // checked again, since the retry may come after the draw's time has passed.
    const submissionKey = submissionKeyOf(submission, submitter);
    if (submissionKey) {
      const made = await this.draws.findBySubmissionKey(submitter.user!.id, submissionKey);
      if (made) return madeAlready(made);
    }
    const demo = isDemoSubmission(submission);
    const { winnersLimit } = await this.site.currentSettings();
    const entries = await this.entriesOf(submission, submitter, demo, winnersLimit);
    const prizes = normalisePrizes(submission.prizes);
    const errors: RuleErrors = {
      ...prizeErrors(prizes, entries.eligible, demo, winnersLimit),
      ...scheduleErrors(submission.scheduleDate, this.clock.now(), demo, !!submitter.user),
    };
    throwIfAny(errors);

    const free = demo || submitter.source === 'test';
    if (!free && !submitter.user) throw new NotAllowedError('Please log in or create an account to pay for a draw.');
    // The moment the request is accepted: an immediate draw's time, after which its beacon round must come.
    const acceptedAt = this.clock.now();
    const commitment = await this.commitment(submission.scheduleDate ?? acceptedAt, !submission.scheduleDate);
    // A draw waiting for its payment is a draft: nothing executes it until the payment went through.
    let draw: Draw;
    try {
      draw = await this.createWithUniqueShortCode(submission, submitter, entries, prizes, demo, acceptedAt, commitment, free ? 'scheduled' : 'draft', submissionKey);
    } catch (error) {
      // The file's retention ended between its checks above and the draw's storing: nothing was stored.
      if (error instanceof UploadNotFoundError) throw new NotFoundError(ENTRIES_FILE_GONE);
      if (!(error instanceof DuplicateSubmissionError)) throw error;
      // The same submission sent twice at once: the other request made the draw (or made it and removed it, its
      // payment refused: then it is answering that).
      return madeAlready(await this.draws.findBySubmissionKey(submitter.user!.id, submissionKey!));
    }
    let moved: { scheduleDate: Date; beaconRound: number | null } | null = null;
    if (!free) {
      const actor = `user ${submitter.user!.id}`;
      try {
        await this.pay(submission, submitter.user!, draw.id, submissionKey);
      } catch (error) {
        await this.drafts.deleteDraft(draw.id);
        throw error;
      }
      const paidAt = this.clock.now();
      // Paid, the draw is committed to: logged with the state change, in its transaction. Its commitment is public only
      // from then, so the round it is drawn with must come after: a draw made to run now (or whose time passed while it
      // was paid for) takes the moment it was paid as its time, and the first round after it, as "draw now" does.
      if (!submission.scheduleDate || submission.scheduleDate.getTime() <= paidAt.getTime()) {
        const beaconRound = draw.beacon ? firstRoundAfter(draw.beacon, paidAt.getTime()) : null;
        moved = { scheduleDate: paidAt, beaconRound };
        draw = { ...draw, scheduleDate: paidAt, beacon: draw.beacon && beaconRound !== null ? { ...draw.beacon, round: beaconRound } : draw.beacon };
      }
      const committed = draw;
      const scheduled = await this.transactions.run(async () => {
        if (!(await this.drafts.markScheduled(committed.id, actor, paidAt, moved))) return false;
        await this.log.append(committedEntryOf(committed, entries.fileSha256, paidAt));
        return true;
      });
      if (!scheduled) {
        // The draft sweep took this draft for abandoned while its payment was still being taken: there is no draw to make.
        // The credit spent on it goes back (once: the sweep's own refund is keyed by the draw too).
        await this.credits.refundFor(submitter.user!.id, draw.id);
        throw new ConflictError(DRAW_MESSAGES.submissionExpired);
      }
    }
    if (submission.scheduleDate && !moved) await this.schedule.schedule(draw.id, submission.scheduleDate);
    else await this.execution.execute(draw.id, submitter.user ? `user ${submitter.user.id}` : 'visitor');
    return draw.id;
  }

  private async entriesOf(submission: DrawSubmission, submitter: Submitter, demo: boolean, winnersLimit: number): Promise<{ entries: DrawEntries; eligible: number; fileSha256: string | null }> {
    const oneWinPerEntrant = submission.oneWinPerEntrant;
    if (submission.entryMethod === 'simple') {
      const entryCount = submission.entriesCount ?? 0;
      throwIfAny(simpleEntryErrors(entryCount, demo, winnersLimit));
      return {
        entries: {
          method: 'simple',
          entryCount,
          ticketCount: entryCount,
          entrantCount: entryCount,
          fileName: null,
          headerRow: false,
          entryCountColumn: null,
          uniqueEntrantIdColumn: null,
          oneWinPerEntrant: false,
        },
        eligible: entryCount,
        fileSha256: null,
      };
    }
    if (!submission.fileName) throwIfAny({ fileName: [DRAW_MESSAGES.fileRequired] });
    const advanced = submission.entryMethod === 'uploadAdvanced';
    const entryCountColumn = advanced ? (submission.entryCountColumn ?? null) : null;
    const uniqueEntrantIdColumn = advanced ? (submission.uniqueEntrantIdColumn ?? null) : null;
    if (advanced && oneWinPerEntrant && entryCountColumn === null && uniqueEntrantIdColumn === null) throwIfAny({ oneWinPerEntrant: [DRAW_MESSAGES.oneWinNeedsColumn] });
    try {
      const index = await this.entriesIndex.load(
        submission.fileName!,
        { clientSession: submitter.clientSession, userId: submitter.user?.id ?? null },
        { headerRow: submission.headerRow, entryCountColumn, uniqueEntrantIdColumn },
      );
      if (index.entryCount <= 1) throwIfAny({ fileName: [submission.headerRow ? DRAW_MESSAGES.uploadRowsWithHeader : DRAW_MESSAGES.uploadRowsWithoutHeader] });
      if (demo && index.entryCount > 1_000) throwIfAny({ fileName: [DRAW_MESSAGES.entryCountTooLarge(1_000)] });
      const withOneWin = advanced && oneWinPerEntrant;
      return {
        entries: {
          method: submission.entryMethod,
          entryCount: index.entryCount,
          ticketCount: index.totalTickets,
          entrantCount: index.entrantCount,
          fileName: index.fileName,
          headerRow: submission.headerRow,
          entryCountColumn,
          uniqueEntrantIdColumn,
          oneWinPerEntrant: withOneWin,
        },
        eligible: withOneWin ? index.entrantCount : index.totalTickets,
        fileSha256: index.fileSha256,
      };
    } catch (error) {
      if (error instanceof UploadNotFoundError) throw new NotFoundError(ENTRIES_FILE_GONE);
      if (error instanceof EntriesFileError) throwIfAny({ fileName: [error.message] });
      throw error;
    }
  }

  /**
   * A fresh 32-byte server seed from the CSPRNG, of which only the SHA-256 is published before the draw, and the beacon
   * round fixed with the draw's time: neither the promoter nor FairDraw can know the winners before that round.
   */
  private async commitment(drawTime: Date, immediate: boolean): Promise<Commitment> {
    let chain;
    try {
      chain = await this.beacon.chainForNewDraws();
    } catch (error) {
      if (error instanceof BeaconUnavailableError) throw new UnavailableError(DRAW_MESSAGES.beaconUnavailable);
      throw error;
    }
    const serverSeed = randomBytes(32);
    return {
      seed: serverSeed,
      seedHash: createHash('sha256').update(serverSeed).digest('hex'),
      seedScheme: SEED_SCHEMES.beacon,
      beacon: chain,
      beaconRound: immediate ? firstRoundAfter(chain, drawTime.getTime()) : firstRoundAtOrAfter(chain, drawTime.getTime()),
    };
  }

  private async createWithUniqueShortCode(
    submission: DrawSubmission,
    submitter: Submitter,
    { entries, fileSha256 }: { entries: DrawEntries; fileSha256: string | null },
    prizes: PrizeSpec[],
    demo: boolean,
    acceptedAt: Date,
    commitment: Commitment,
    state: 'scheduled' | 'draft',
    submissionKey: string | null,
  ): Promise<Draw> {
    for (let attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
      const newDraw: NewDraw = {
        shortCode: randomShortCode(randomBytes),
        name: submission.name.trim(),
        organisation: submission.organisation.trim(),
        state,
        source: submitter.source,
        demo,
        ownerUserId: submitter.user?.id ?? null,
        clientSession: submitter.clientSession,
        entries,
        prizes,
        scheduleDate: submission.scheduleDate ?? acceptedAt,
        scheduleTimeZone: submission.scheduleTimeZone,
        ...commitment,
        paymentOption: submission.paymentOption,
        paymentId: null,
        creditId: null,
        submissionKey,
      };
      // A draw made scheduled is committed to at once: its log entry is written in the draw's own transaction.
      const draw = await this.draws.create(newDraw, submitter.user ? `user ${submitter.user.id}` : 'visitor', async (id) => {
        // In the draw's own transaction: the upload's retention sweep either removed the file before (the draw is not
        // stored) or keeps it from now on.
        if (entries.fileName) await this.entriesIndex.claim(entries.fileName, acceptedAt);
        if (state === 'scheduled') await this.log.append(committedEntry({ ...newDraw, id }, fileSha256, acceptedAt));
      });
      if (draw) return draw;
    }
    throw new Error('No free short code after several attempts');
  }

  /**
   * Prepaid: one credit. Paid: the purchase adds its credits (1, 10 or 100), then one pays for this draw. The card
   * purchase is keyed by `submissionKey`: a retry of this submission pays once, another submission pays anew.
   */
  private async pay(submission: DrawSubmission, user: User, drawId: string, submissionKey: string | null): Promise<void> {
    const option = submission.paymentOption;
    if (isPaidOption(option)) {
      if (!submission.payment) throwIfAny({ token: [CHOOSE_PAYMENT_MESSAGE] });
      else await this.payments.payWith(submission.payment, user, { option, currency: submission.currency, idempotencyKey: submissionKey ?? drawId, purpose: { draw: submissionKey ?? drawId } });
    } else if (option !== PaymentOption.UseCredits) {
      throwIfAny({ paymentOption: ['Please choose how to pay for this draw.'] });
    }
    await this.credits.redeem(user.id, drawId);
  }
}

/**
 * Who made a submission and which draw it asked for, under its idempotency key: the same key with another draw (edited
 * after a lost answer, or a key an integration reuses) is another submission. How it pays is left out: a retry may
 * carry a fresh card token, or another payment option once the first request spent the last credit. Visitors' draws
 * (demos, free) are not deduplicated.
 */
function submissionKeyOf(submission: DrawSubmission, submitter: Submitter): string | null {
  if (!submitter.user || !submission.idempotencyKey) return null;
  const { payment: _payment, paymentOption: _option, currency: _currency, idempotencyKey, ...asked } = submission;
  return createHash('sha256')
    .update(JSON.stringify([idempotencyKey, submitter.source, isDemoSubmission(submission), asked]))
    .digest('hex');
}

/**
 * The answer to a retried submission: its draw, once paid for. One still waiting for its payment is being paid for by
 * the first request (or that request died after paying: the draft sweep then gives the credit back within hours),
 * so the retry neither pays again nor waits.
 */
function madeAlready(draw: Draw | null): string {
  if (draw && draw.state !== 'draft') return draw.id;
  throw new ConflictError(DRAW_MESSAGES.submissionInProgress);
}

function throwIfAny(errors: RuleErrors): void {
  const fields = Object.keys(errors);
  if (fields.length) throw new RuleBrokenError(errors[fields[0]][0], errors);
}
