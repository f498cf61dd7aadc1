/** Part 2 §3 "Credit pack": where credits came from, and each credit's redemption. */
export type CreditPackKind = 'single' | 'ten' | 'hundred' | 'manual' | 'refund' | 'trial';

interface Credit {
  id: string;
  redeemedDate: Date | null;
}

export interface CreditPack {
  id: string;
  userId: string;
  kind: CreditPackKind;
  purchaseDate: Date;
  expiryDate: Date;
  /** Why an administrator added it ('Trial credits' for trial packs), or what a refund was for. */
  note: string | null;
  credits: Credit[];
}

export interface CreditsData {
  packs: CreditPack[];
  unusedCredits: number;
  latestExpiry: Date | null;
  latestTrialExpiry: Date | null;
}

/** Unused credits count only while their pack has not expired. */
export function summariseCredits(packs: CreditPack[], now: Date): CreditsData {
  let unusedCredits = 0;
  let latestExpiry: Date | null = null;
  let latestTrialExpiry: Date | null = null;
  for (const pack of packs) {
    if (pack.expiryDate > now) unusedCredits += pack.credits.filter((credit) => !credit.redeemedDate).length;
    if (!latestExpiry || pack.expiryDate > latestExpiry) latestExpiry = pack.expiryDate;
    if (pack.kind === 'trial' && (!latestTrialExpiry || pack.expiryDate > latestTrialExpiry)) latestTrialExpiry = pack.expiryDate;
  }
  return { packs, unusedCredits, latestExpiry, latestTrialExpiry };
}
