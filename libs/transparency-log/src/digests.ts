import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What a draw is run on, as its certificate states it (no entrant data). */
export interface DrawTerms {
  prizes: { description: string; quantity: number; reserves: number }[];
  entryMethod: string;
  entryCount: number;
  headerRow: boolean;
  entryCountColumn: number | null;
  uniqueEntrantIdColumn: number | null;
  oneWinPerEntrant: boolean;
}

/** SHA-256 (hex) of the terms as JSON with the fields in the order above (prizes: description, quantity, reserves). */
export function termsSha256(terms: DrawTerms): string {
  const canonical = {
    prizes: terms.prizes.map(({ description, quantity, reserves }) => ({ description, quantity, reserves })),
    entryMethod: terms.entryMethod,
    entryCount: terms.entryCount,
    headerRow: terms.headerRow,
    entryCountColumn: terms.entryCountColumn,
    uniqueEntrantIdColumn: terms.uniqueEntrantIdColumn,
    oneWinPerEntrant: terms.oneWinPerEntrant,
  };
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(canonical))));
}

/**
 * SHA-256 (hex) of the winners and reserves in pick order: per prize, the line `w:` then its winners' 1-based entry
 * numbers joined by commas, then the line `r:` and its reserves', each line ending in "\n".
 */
export function resultsSha256(prizes: { winners: ArrayLike<number>; reserves: ArrayLike<number> }[]): string {
  const hash = sha256.create();
  for (const prize of prizes) {
    hash.update(utf8ToBytes(`w:${Array.from(prize.winners).join(',')}\n`));
    hash.update(utf8ToBytes(`r:${Array.from(prize.reserves).join(',')}\n`));
  }
  return bytesToHex(hash.digest());
}
