import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { EntriesStorage } from './entries-storage.js';
import { TypeormUploadRepository } from '../infrastructure/typeorm-upload.repository.js';

/**
 * How long an upload no draw uses is kept: long enough to finish a wizard started days ago, short enough that
 * entrants' personal data is not kept for draws that were never made. A saved draft keeps its upload while it lives.
 */
const UNUSED_UPLOAD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const PAGE = 500;

/** Which of these uploads a draw (or a saved draft) uses: the draws module answers. */
export type UploadsInUse = (ids: string[]) => Promise<Set<string>>;

@Injectable()
export class UploadRetentionService {
  constructor(
    private readonly uploads: TypeormUploadRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly files: EntriesStorage,
  ) {}

  /**
   * Removes the uploads older than the retention that `inUse` does not claim, and answers how many. Files first,
   * then the row: a failure leaves the row, and the next sweep finishes the removal. `inUse` answers for a page at a
   * time; each removal checks again, under the upload's row lock, that no draw claimed it since.
   */
  async removeUnused(inUse: UploadsInUse): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNUSED_UPLOAD_RETENTION_MS);
    let removed = 0;
    let after = '';
    for (;;) {
      const ids = await this.uploads.idsCreatedBefore(before, after, PAGE);
      if (ids.length === 0) return removed;
      const used = await inUse(ids);
      for (const id of ids) {
        if (used.has(id)) continue;
        // A draw made since `inUse` answered claimed its upload in its own transaction: that upload stays.
        if (await this.uploads.removeUnclaimed(id, before, () => this.files.deleteAll(id))) removed++;
      }
      after = ids[ids.length - 1];
    }
  }

  /**
   * Removes the files of uploads without a row once they are older than the retention, and answers for how many
   * uploads: what a process killed between storing an upload's files and inserting its row (or while removing a
   * refused upload's files) left behind. No row can come for them later: a row is inserted only by the request that
   * wrote its files, minutes after it.
   */
  async removeOrphanFiles(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNUSED_UPLOAD_RETENTION_MS);
    let removed = 0;
    const page = new Map<string, string>();
    const removePage = async () => {
      const known = await this.uploads.existingIds([...page.keys()]);
      for (const [id, key] of page) {
        if (known.has(id)) continue;
        const modifiedAt = await this.files.modifiedAt(key);
        if (modifiedAt === null || modifiedAt >= before) continue;
        await this.files.deleteAll(id);
        removed++;
      }
      page.clear();
    };
    for await (const { id, key } of this.files.storedUploadFiles()) {
      if (!page.has(id)) page.set(id, key);
      if (page.size >= PAGE) await removePage();
    }
    if (page.size > 0) await removePage();
    return removed;
  }
}
