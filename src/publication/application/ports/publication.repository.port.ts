import type { Publication, PublicationSettings } from '../../domain/publication-rules.js';

export interface PublicationRepository {
  find(drawId: string): Promise<Publication | null>;
  findByShortCode(shortCode: string): Promise<Publication | null>;
  /** Saves the settings as published (live at once when `live`). */
  publish(publication: PublicationSettings & { drawId: string; shortCode: string; live: boolean; countryCode: string | null }, at: Date): Promise<void>;
  /** Takes the winners down; the settings stay for the next publication. False when nothing was published. */
  unpublish(drawId: string, at: Date): Promise<boolean>;
  /** Published → live once its date has come; false when it was not due (or already live, or unpublished). */
  goLive(drawId: string, at: Date): Promise<boolean>;
  /** Draws whose publication is due and not yet live. */
  dueDrawIds(before: Date): Promise<string[]>;
}
