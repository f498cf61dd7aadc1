import { Inject, Injectable } from '@nestjs/common';
import { type DrawView, DrawQueryService } from '../../draws/application/draw-query.service.js';
import { type Draw, winnersByPrize } from '../../draws/domain/draw.js';
import { DrawLogService } from '../../draw-log/application/draw-log.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Transactions } from '../../platform/database/transaction-scope.js';
import { publishedValue } from '#rules';
import { cleanColumnName, type DrawColumn, isPublicDrawState, MAX_EXAMPLE_ROWS, PUBLICATION_MESSAGES, type Publication, publicationRefusal } from '../domain/publication-rules.js';
import { DrawColumnsService, winnerValues } from './draw-columns.service.js';
import { TypeormPublicationRepository } from '../infrastructure/typeorm-publication.repository.js';
import { PublicationScheduleService } from './publication-schedule.service.js';
import { ConflictError, NotAllowedError, NotFoundError, RuleBrokenError } from '../../platform/errors/application-errors.js';
import { type Caller, VISITOR } from '../../platform/ownership/ownership.js';

/** Nobody in particular: what the public may see of a draw. */

export interface PublicationSetup {
  draw: Draw;
  columns: DrawColumn[];
  /** Entry rows before the draw, the first winners of each prize after it (at most 5 each), all columns. */
  exampleRows: string[][];
  winnerRows: { prizeIndex: number; values: string[] }[];
  publication: Publication | null;
}

export interface PublishInput {
  columns: number[];
  names: string[];
  prizes: number[];
  truncated: boolean;
  upperCase: boolean;
  entries: boolean;
  publishNow: boolean;
  scheduleDate: Date | null;
  countryCode: string | null;
}

export interface PublicWinners {
  draw: Draw;
  publication: Publication;
  /** Per published prize, the winners' published values (the chosen columns only); empty until live. */
  prizes: { description: string; winnersAwarded: number; winners: string[][] }[];
}

@Injectable()
export class PublicationService {
  constructor(
    private readonly publications: TypeormPublicationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly drawQuery: DrawQueryService,
    private readonly drawColumns: DrawColumnsService,
    private readonly schedule: PublicationScheduleService,
    private readonly log: DrawLogService,
    private readonly transactions: Transactions,
  ) {}

  async setup(drawId: string, viewer: Caller): Promise<PublicationSetup> {
    const view = await this.owned(drawId, viewer);
    const { columns, exampleRows } = await this.drawColumns.of(view.draw);
    const shown = new Map<number, number>();
    const winnerRows = view.winners
      .filter((w) => {
        if (w.kind !== 'winner') return false;
        const before = shown.get(w.prizeIndex) ?? 0;
        shown.set(w.prizeIndex, before + 1);
        return before < MAX_EXAMPLE_ROWS;
      })
      .map((w) => ({ prizeIndex: w.prizeIndex, values: winnerValues(w) }));
    return { draw: view.draw, columns, exampleRows, winnerRows, publication: await this.publications.find(drawId) };
  }

  async publish(drawId: string, viewer: Caller, input: PublishInput): Promise<Publication> {
    const { draw } = await this.owned(drawId, viewer, true);
    if (!isPublicDrawState(draw.state)) throw new ConflictError(PUBLICATION_MESSAGES.notPublishable);
    const { columns } = await this.drawColumns.of(draw);
    const now = this.clock.now();
    const refusal = publicationRefusal(
      { columns: input.columns, names: input.names, prizes: input.prizes, publishNow: input.publishNow, scheduleDate: input.scheduleDate },
      { columns, prizeCount: draw.prizes.length, drawDate: draw.drawnAt ?? draw.scheduleDate, drawn: draw.state === 'drawn' },
      now,
    );
    if (refusal) throw new RuleBrokenError(refusal.message, { [refusal.field]: [refusal.message] });
    const publishDate = input.publishNow ? now : input.scheduleDate!;
    // Logged with the change, in its transaction: publication is the one change the log allows after the draw.
    await this.transactions.run(async () => {
      await this.log.append({ kind: 'published', drawId, at: now.toISOString() });
      await this.publications.publish(
        {
          drawId,
          shortCode: draw.shortCode,
          columns: input.columns,
          names: input.names.map(cleanColumnName),
          prizes: input.prizes,
          truncated: input.truncated,
          upperCase: input.upperCase,
          entries: input.entries,
          publishDate,
          live: input.publishNow,
          countryCode: input.countryCode,
        },
        now,
      );
    });
    if (!input.publishNow) await this.schedule.schedule(drawId, publishDate);
    return (await this.publications.find(drawId))!;
  }

  async unpublish(drawId: string, viewer: Caller): Promise<void> {
    await this.owned(drawId, viewer, true);
    const now = this.clock.now();
    const unpublished = await this.transactions.run(async () => {
      if (!(await this.publications.unpublish(drawId, now))) return false;
      await this.log.append({ kind: 'unpublished', drawId, at: now.toISOString() });
      return true;
    });
    if (!unpublished) throw new ConflictError(PUBLICATION_MESSAGES.notPublished);
  }

  /** The public winners page: only the chosen columns of the chosen prizes' winners, once live. */
  async publicWinners(shortCode: string): Promise<PublicWinners> {
    let publication = await this.publications.findByShortCode(shortCode);
    if (!publication?.published) throw new NotFoundError(PUBLICATION_MESSAGES.notPublished);
    const view = await this.drawQuery.find(publication.drawId, VISITOR);
    // A cancelled or failed draw's publication would count down to winners that never come.
    if (!view || !isPublicDrawState(view.draw.state)) throw new NotFoundError(PUBLICATION_MESSAGES.notPublished);
    // The job makes it live at its time; a visitor arriving first need not wait for it.
    if (!publication.live && (await this.schedule.goLiveIfDue(publication.drawId))) publication = (await this.publications.find(publication.drawId))!;
    const current = publication;
    const byPrize = winnersByPrize(view.winners);
    const prizes = current.live
      ? current.prizes.map((prizeIndex) => ({
          description: view.draw.prizes[prizeIndex].description,
          winnersAwarded: view.draw.prizes[prizeIndex].quantity,
          winners: (byPrize.get(prizeIndex) ?? [])
            .filter((w) => w.kind === 'winner')
            .map((w) => {
              const values = winnerValues(w);
              return current.columns.map((c) => publishedValue(values[c] ?? '', current.truncated, current.upperCase));
            }),
        }))
      : [];
    return { draw: view.draw, publication: current, prizes };
  }

  private async owned(drawId: string, viewer: Caller, changing = false): Promise<DrawView> {
    const view = await this.drawQuery.find(drawId, viewer);
    // Someone else's draw answers as a missing one, as the draws module does.
    if (!view || !view.isOwner) throw new NotFoundError('Draw not found.');
    const refusal = changing && this.drawQuery.testKeyRefusal(view.draw, viewer);
    if (refusal) throw new NotAllowedError(refusal);
    return view;
  }
}
