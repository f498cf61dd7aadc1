import { Inject, Injectable } from '@nestjs/common';
import { DRAW_REPOSITORY } from '../draws.tokens.js';
import { type NamedScrutineer, testKeyRefusal } from '../domain/draw-actions.js';
import type { Draw, DrawState, Winner } from '../domain/draw.js';
import type { DrawPublicVersion, DrawRepository, WinnersShown } from './ports/draw.repository.port.js';
import { type Caller, mayAct, OWNERSHIP } from '../../platform/ownership/ownership.js';

export type { DrawPublicVersion };

/**
 * Winners (and as many reserves) of each prize in the draw's answer; all of them are in the results download. Up to
 * 1,000 of each, but 10,000 in all shared between the prizes: a draw may have 1,000 prizes (MAX_PRIZES) of 1,000
 * winners, and "the first 1,000 of each" was then every one of a million winners, read into one JSON value, kept in
 * the views' cache, sent whole to the page, and filtered once per prize for the certificate (review of scale, stop
 * 41). With at most 1,000 prizes, every prize still shows at least 10, more than the draw page's 5.
 */
const WINNERS_SHOWN: WinnersShown = { perPrize: 1_000, inAll: 10_000 };

export interface DrawView {
  draw: Draw;
  winners: Winner[];
  isOwner: boolean;
  scrutineer: NamedScrutineer | null;
}

@Injectable()
export class DrawQueryService {
  constructor(@Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository) {}

  /**
   * Anyone with the id sees the draw (the detail page is public); its owner, the browser that made it, or an
   * administrator sees the winners' rows. Drafts are their owner's only.
   */
  async find(id: string, viewer: Caller): Promise<DrawView | null> {
    // A page shows a few winners per prize: a million-winner draw must not be read, or sent, whole.
    const view = await this.draws.findView(id, WINNERS_SHOWN);
    if (!view) return null;
    const isOwner = this.isOwner(view.draw, viewer);
    if (view.draw.state === 'draft' && !isOwner) return null;
    return { ...view, isOwner };
  }

  /**
   * What a certificate states about a draw, for the certificates module: the draw (no drafts), its first winners per
   * prize and its scrutineer. Who may see what is the caller's rule.
   */
  async record(ref: { id: string } | { shortCode: string }): Promise<Omit<DrawView, 'isOwner'> | null> {
    const id = 'id' in ref ? ref.id : (await this.draws.findByShortCode(ref.shortCode))?.id;
    const view = id ? await this.draws.findView(id, WINNERS_SHOWN) : null;
    return view && view.draw.state !== 'draft' ? view : null;
  }

  /** The draw's public version (no drafts): one indexed read, which the public pages' caches are keyed by. */
  publicVersion(ref: { id: string } | { shortCode: string }): Promise<DrawPublicVersion | null> {
    return this.draws.publicVersion(ref);
  }

  /** The states of these draws, for the modules that keep something per draw only while its state allows. */
  statesOf(ids: string[]): Promise<Map<string, DrawState>> {
    return this.draws.statesOf(ids);
  }

  /** For the modules that change a draw for its owner: why this viewer may not (a test API key on a live draw), or null. */
  testKeyRefusal(draw: Draw, viewer: Caller): string | null {
    return testKeyRefusal(draw, viewer);
  }

  isOwner(draw: Draw, viewer: Caller): boolean {
    return mayAct(viewer, draw, OWNERSHIP.draw);
  }
}
