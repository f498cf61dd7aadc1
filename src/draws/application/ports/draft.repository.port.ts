import type { DrawSource } from '../../domain/draw.js';

/** Draft draws: the wizard's saved state, and submissions waiting for their payment. */
export interface DraftRepository {
  /**
   * Draft → scheduled, once its payment went through; false when it was no draft any more. Joins a surrounding
   * transaction. `moveTo`: the time and beacon round fixed at that moment instead of those of the submission.
   */
  markScheduled(id: string, actor: string, at: Date, moveTo?: { scheduleDate: Date; beaconRound: number | null } | null): Promise<boolean>;
  /** Removes a draft (payment failed, or the draft became a draw); anything else is kept. */
  deleteDraft(id: string): Promise<void>;
  /** Removes a submission's draft still waiting for its payment: false when it is none (any more). Joins a surrounding transaction. */
  deleteUnpaidSubmission(id: string): Promise<boolean>;
  /** Saves the wizard's state as a draft draw: a new one, or over the owner's existing draft. */
  saveDraft(
    draft: {
      id?: string;
      name: string;
      organisation: string;
      ownerUserId: string | null;
      clientSession: string | null;
      wizardState: unknown;
      shortCode: string;
      seed: Buffer;
      seedHash: string;
      source: DrawSource;
    },
    at: Date,
  ): Promise<string | null>;
  findDraft(id: string): Promise<{ id: string; ownerUserId: string | null; clientSession: string | null; source: DrawSource; wizardState: unknown; updatedAt: Date } | null>;
  deleteDraftsOlderThan(before: Date): Promise<number>;
  /** Drafts a submission made (no wizard state) still waiting for their payment, last changed before `before`. */
  unpaidSubmissionsBefore(before: Date): Promise<{ id: string; ownerUserId: string | null }[]>;
}
