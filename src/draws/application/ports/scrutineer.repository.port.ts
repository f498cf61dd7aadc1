import type { NamedScrutineer, Scrutineer } from '../../domain/draw-actions.js';

/** A draw's scrutineer, and the ones its owner named before. */
export interface ScrutineerRepository {
  scrutineerOf(id: string): Promise<NamedScrutineer | null>;
  saveScrutineer(id: string, scrutineer: Scrutineer | null, actor: string, at: Date): Promise<void>;
  /** The scrutineers the owner used before, most recent first, one per e-mail address. */
  scrutineersOfOwner(ownerUserId: string): Promise<Scrutineer[]>;
}
