import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AccountService } from '../../accounts/application/account.service.js';
import { CreditService } from '../../billing/application/credit.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { DRAW_REPOSITORY, DRAFT_REPOSITORY } from '../draws.tokens.js';
import type { DrawSource } from '../domain/draw.js';
import { randomShortCode } from '../domain/draw-rules.js';
import type { DrawRepository } from './ports/draw.repository.port.js';
import { ConflictError, NotAllowedError, NotFoundError } from '../../platform/errors/application-errors.js';
import { testKeyRefusal } from '../domain/draw-actions.js';
import { type Caller, mayAct, OWNERSHIP, VISITOR } from '../../platform/ownership/ownership.js';
import type { DraftRepository } from './ports/draft.repository.port.js';

/** Drafts are kept 30 days after they were last saved. */
const DRAFT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A submission's draft lives while its request pays; one an hour old was left behind (its process died, no retry came). */
const UNPAID_SUBMISSION_LIFETIME_MS = 60 * 60 * 1000;
const ACCOUNT_EXISTS_MESSAGE = 'An account with this email address already exists. Please contact us to associate this draw with your existing account.';

@Injectable()
export class DraftService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Drafts');
  private cleanUp?: NodeJS.Timeout;

  constructor(
    @Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository,
    @Inject(DRAFT_REPOSITORY) private readonly drafts: DraftRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly accounts: AccountService,
    private readonly credits: CreditService,
    private readonly transactions: Transactions,
  ) {}

  onModuleInit(): void {
    this.cleanUp = setInterval(() => void this.sweep().catch((error: unknown) => this.logger.error(`Draft sweep failed: ${error instanceof Error ? error.message : String(error)}`)), 60 * 60 * 1000);
    this.cleanUp.unref();
  }

  /**
   * Removes drafts past their lifetime. A submission's draft left unpaid may still hold the credit its request spent
   * just before it died: that credit is given back first (once: the refund is keyed by the draw), then the draft goes.
   */
  async sweep(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const draft of await this.drafts.unpaidSubmissionsBefore(new Date(now - UNPAID_SUBMISSION_LIFETIME_MS))) {
      try {
        // The draft goes first, in the refund's transaction: its request, if still paying, waits on the row and then finds
        // no draft (it gives the credit back itself, keyed by the draw as this refund is); a draft that request scheduled
        // in the meantime is kept, and its credit stays spent.
        await this.transactions.run(async () => {
          if ((await this.drafts.deleteUnpaidSubmission(draft.id)) && draft.ownerUserId) await this.credits.refundFor(draft.ownerUserId, draft.id);
        });
      } catch (error) {
        // Tried again next hour (the refund is once per draw); the other drafts go on.
        this.logger.error(`Unpaid submission ${draft.id} could not be cleared: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await this.drafts.deleteDraftsOlderThan(new Date(now - DRAFT_LIFETIME_MS));
  }

  onApplicationShutdown(): void {
    clearInterval(this.cleanUp);
  }

  /** Saves the wizard's state; with `id`, over that draft if the caller owns it. Answers the draft's id. */
  async save(wizardState: unknown, name: string, organisation: string, viewer: Caller, source: DrawSource, id?: string): Promise<string> {
    if (id) this.refuseTestKey(await this.owned(id, viewer), viewer);
    const seed = randomBytes(32);
    const saved = await this.drafts.saveDraft(
      {
        id,
        name: name.trim(),
        organisation: organisation.trim(),
        ownerUserId: viewer.userId,
        clientSession: viewer.clientSession,
        wizardState,
        shortCode: randomShortCode(randomBytes),
        seed,
        seedHash: createHash('sha256').update(seed).digest('hex'),
        source,
      },
      this.clock.now(),
    );
    if (!saved) throw new NotFoundError('Draft not found.');
    return saved;
  }

  async get(id: string, viewer: Caller): Promise<unknown> {
    return (await this.owned(id, viewer)).wizardState;
  }

  async discard(id: string, viewer: Caller): Promise<void> {
    this.refuseTestKey(await this.owned(id, viewer), viewer);
    await this.drafts.deleteDraft(id);
  }

  /** A visitor's draw gets an account of its own; an e-mail that has one already is refused with the spec's alert. */
  async createAccountAndLink(drawId: string, email: string, viewer: Caller, address: string): Promise<void> {
    const draw = await this.draws.findById(drawId);
    // Only a visitor's draw, asked by the tab that made it: the account is made for that draw.
    if (!draw || draw.ownerUserId || !mayAct({ ...VISITOR, clientSession: viewer.clientSession }, draw, OWNERSHIP.draw)) throw new NotFoundError('Draw not found.');
    // One transaction: the account, its mailed link and the draw's owner exist together. Another request linking the
    // draw first (a second tab) leaves this one nothing to link, and no account mailed that its draw is linked; a
    // process dying in between leaves no account that a retry would take for someone else's.
    await this.transactions.run(async () => {
      const user = await this.accounts.registerWithoutPassword(email, address);
      if (!user) throw new ConflictError(ACCOUNT_EXISTS_MESSAGE);
      if (!(await this.draws.linkOwner(drawId, user.id, `visitor, for ${user.email}`, this.clock.now()))) throw new NotFoundError('Draw not found.');
    });
  }

  /** A test key saves and discards its own drafts; one made on the website or with a live key it leaves alone, as their draws. */
  private refuseTestKey(draft: { source: DrawSource }, viewer: Caller): void {
    const refusal = testKeyRefusal(draft, viewer);
    if (refusal) throw new NotAllowedError(refusal);
  }

  private async owned(id: string, viewer: Caller) {
    const draft = await this.drafts.findDraft(id);
    const mine = draft && mayAct(viewer, draft, OWNERSHIP.draft);
    if (!draft || !mine || draft.updatedAt.getTime() < this.clock.now().getTime() - DRAFT_LIFETIME_MS) throw new NotFoundError('Draft not found.');
    return draft;
  }
}
