import { Inject, Injectable } from '@nestjs/common';
import { DRAW_REPOSITORY } from '../draws.tokens.js';
import type { Scrutineer } from '../domain/draw-actions.js';
import type { Draw, Winner } from '../domain/draw.js';
import type { DrawRepository } from './ports/draw.repository.port.js';

/** Winners (and reserves) of each prize in the draw's answer; all of them are in the results download. */
export const WINNERS_SHOWN_PER_PRIZE = 1_000;

export interface DrawViewer {
  userId: string | null;
  clientSession: string | null;
  isAdmin: boolean;
}

export interface DrawView {
  draw: Draw;
  winners: Winner[];
  isOwner: boolean;
  scrutineer: Scrutineer | null;
}

@Injectable()
export class DrawQueryService {
  constructor(@Inject(DRAW_REPOSITORY) private readonly draws: DrawRepository) {}

  /**
   * Anyone with the id sees the draw (the detail page is public); its owner, the browser that made it, or an
   * administrator sees the winners' rows. Drafts are their owner's only.
   */
  async find(id: string, viewer: DrawViewer): Promise<DrawView | null> {
    const draw = await this.draws.findById(id);
    if (!draw) return null;
    const isOwner = this.isOwner(draw, viewer);
    if (draw.state === 'draft' && !isOwner) return null;
    // A page shows a few winners per prize: a million-winner draw must not be read, or sent, whole.
    const [winners, scrutineer] = await Promise.all([draw.state === 'drawn' ? this.draws.winnersOf(id, WINNERS_SHOWN_PER_PRIZE) : [], this.draws.scrutineerOf(id)]);
    return { draw, winners, isOwner, scrutineer };
  }

  isOwner(draw: Draw, viewer: DrawViewer): boolean {
    if (viewer.isAdmin) return true;
    if (draw.ownerUserId) return draw.ownerUserId === viewer.userId;
    return !!draw.clientSession && draw.clientSession === viewer.clientSession;
  }
}
