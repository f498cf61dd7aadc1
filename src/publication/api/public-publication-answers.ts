import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DrawQueryService } from '../../draws/application/draw-query.service.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { type CachePolicy, drawCachePolicy, type PublicAnswer, type PublicCacheSettings, publicCacheSettings, publicJsonAnswer, VersionedCache } from '../../platform/http/public-answers.js';
import { EntryCheckService } from '../application/entry-check.service.js';
import { PublicationService } from '../application/publication.service.js';
import { ENTRY_CHECK_MESSAGES } from '../domain/entry-check-rules.js';
import { PUBLICATION_MESSAGES } from '../domain/publication-rules.js';
import { isShortCode, type PublicEntryCheckResponseDto } from './dto/entry-check.dto.js';
import { PublicWinnersResponseDto } from './dto/publication.dto.js';

/** How many draws' public answers a process keeps. */
const DRAWS_KEPT = 500;

/**
 * The public winners and public entry check answers (issue 26), kept per process for the draw's public version,
 * read on every use: made once per version, sent as often as asked.
 */
@Injectable()
export class PublicPublicationAnswers {
  private readonly winners = new VersionedCache<{ answer: PublicAnswer; live: boolean }>(DRAWS_KEPT);
  private readonly checks = new VersionedCache<PublicAnswer>(DRAWS_KEPT);
  private readonly settings: PublicCacheSettings;

  constructor(
    private readonly draws: DrawQueryService,
    private readonly publications: PublicationService,
    private readonly entryCheck: EntryCheckService,
    @Inject(CLOCK) private readonly clock: Clock,
    config: ConfigService<Environment, true>,
  ) {
    this.settings = publicCacheSettings(config);
  }

  /**
   * Before the winners go live the answer counts down to them (secondsTilPublishDate): made on every use and
   * revalidated on every use. Once live it is the same for everyone until the draw's version changes.
   */
  async publicWinners(shortCode: string): Promise<{ answer: PublicAnswer; policy: CachePolicy }> {
    // A code that is not five letters is no draw's: answered as an unknown one, as the certificate answers it.
    const version = isShortCode(shortCode) ? await this.draws.publicVersion({ shortCode }) : null;
    if (!version) throw new NotFoundException({ message: PUBLICATION_MESSAGES.notPublished });
    const made = await this.winners.get(
      shortCode,
      version.version,
      async () => {
        const result = await this.publications.publicWinners(shortCode);
        return { answer: publicJsonAnswer(PublicWinnersResponseDto.from(result, this.clock.now())), live: result.publication.live };
      },
      (value) => value.live,
    );
    return { answer: made.answer, policy: made.live ? drawCachePolicy(version, this.clock.now(), this.settings) : { shared: true, maxAgeSeconds: 0, staleSeconds: 0 } };
  }

  async publicEntryCheck(shortCode: string): Promise<{ answer: PublicAnswer; policy: CachePolicy }> {
    const version = isShortCode(shortCode) ? await this.draws.publicVersion({ shortCode }) : null;
    if (!version) throw new NotFoundException({ message: ENTRY_CHECK_MESSAGES.notAvailable });
    const answer = await this.checks.get(shortCode, version.version, async () => {
      const { view, check } = await this.entryCheck.publicCheck(shortCode);
      const value: PublicEntryCheckResponseDto = {
        shortCode: view.draw.shortCode,
        name: view.draw.name,
        organisation: view.draw.organisation,
        columnName: check.columnName,
        showEntriesCount: check.showEntriesCount,
        ready: check.state === 'processed',
      };
      return publicJsonAnswer(value);
    });
    return { answer, policy: drawCachePolicy(version, this.clock.now(), this.settings) };
  }
}
