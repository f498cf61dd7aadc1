/**
 * Columns holding personal data that must never be published nor shown in screen-share mode ("blacklisted"): e-mail
 * addresses, phone numbers, street addresses, dates of birth and payment data. A column is sensitive when its header
 * name says so, or when at least half of the non-blank values sampled from it look like e-mail addresses, phone
 * numbers, street addresses or payment card numbers (docs/decisions.md, "Sensitive columns"). Wrongly hiding a column
 * costs the owner a choice; wrongly showing one publishes personal data, so the rules lean towards hiding.
 */
export type SensitiveKind = 'email' | 'phone' | 'address' | 'dateOfBirth' | 'payment';

/** Rows sampled for the value rules. */
const SENSITIVE_SAMPLE_ROWS = 1000;

/** Past the rows always sampled, rows are sampled only within this many bytes from the start of the first row. */
const SENSITIVE_SAMPLE_BYTES = 1024 * 1024;

/**
 * How many of the first non-empty rows (`starts`/`lengths` in file order) the value rules read: the first `always`
 * rows, then the following ones up to SENSITIVE_SAMPLE_ROWS while within SENSITIVE_SAMPLE_BYTES. Confirmation and
 * publication take the same rows, so that they lock the same columns, and a file of long rows is never read a
 * thousand rows (hundreds of MB) at a time.
 */
export function sensitiveSampleRowCount(starts: ArrayLike<number>, lengths: ArrayLike<number>, rowCount: number, always: number): number {
  const first = starts[0];
  let sampled = 0;
  while (sampled < rowCount && sampled < SENSITIVE_SAMPLE_ROWS) {
    if (sampled >= always && starts[sampled] + lengths[sampled] - first > SENSITIVE_SAMPLE_BYTES) break;
    sampled++;
  }
  return sampled;
}

const HEADER_RULES: readonly [SensitiveKind, RegExp][] = [
  ['email', /\be ?mail\b|email/],
  ['phone', /phone|\b(tel|mobile|mob|cell|fax|sms|whatsapp)\b/],
  ['address', /\b(street|addr|address( ?line)?( ?\d)?|address\d|unit ?no|house ?(no|number)|po ?box)\b/],
  ['dateOfBirth', /\b(dob|d o b|date of birth|birth ?date|birthday|born|birth)\b/],
  ['payment', /\b(card|cc|ccv|cvv|cvc|pan|iban|bic|swift|bsb|sort ?code|routing|bank|account ?(no|number)|acct|expiry|exp ?date|paypal)\b/],
];

/** Header name words: lower case, runs of other characters made one space ("E-Mail_Address" -> "e mail address"). */
function normalizeHeaderName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function sensitiveKindOfHeader(name: string): SensitiveKind | null {
  const words = normalizeHeaderName(name);
  if (!words) return null;
  for (const [kind, pattern] of HEADER_RULES) if (pattern.test(words)) return kind;
  return null;
}

const EMAIL = /^[^\s@"]+@[^\s@"]+\.[^\s@".]{2,}$/;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
const DATE = /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$|^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$/;
const STREET_TYPES = 'street|st|road|rd|avenue|ave|av|lane|ln|drive|dr|court|ct|place|pl|boulevard|blvd|crescent|cres|parade|pde|highway|hwy|terrace|tce|way|close|cl|square|sq|circuit|cct|grove|gr';
// `[\d/-]*\d`, not `[\d/-]*\d+` (the same strings): two ways to split a run of digits made a value of one long run
// backtrack quadratically, minutes for a row of 1 MB.
const STREET = new RegExp(`^(unit|apt|flat|suite|level)?\\s*[\\d/-]*\\d[a-z]?,?\\s+([\\p{L}'.-]+\\s+){0,4}(${STREET_TYPES})\\.?(\\s|,|$)`, 'iu');
const PO_BOX = /^(p\.?\s*o\.?\s*box|gpo box|locked bag)\s*\d+/i;

export function sensitiveKindOfValue(raw: string): SensitiveKind | null {
  const value = raw.trim();
  if (!value) return null;
  if (EMAIL.test(value)) return 'email';
  if (PHONE_CHARACTERS.test(value) && !DATE.test(value)) {
    const digits = value.replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return 'payment';
    const separated = /[\s().-]/.test(value.replace(/^\+/, ''));
    if (digits.length >= 8 && digits.length <= 15 && (value.startsWith('+') || value.startsWith('0') || separated)) return 'phone';
    return null;
  }
  if (STREET.test(value) || PO_BOX.test(value)) return 'address';
  return null;
}

/** The payment card check digit (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The sensitive kind of each column, or null.
 * @param names the first row's values (header names when the file has a header row)
 * @param rows sampled rows (the first SENSITIVE_SAMPLE_ROWS non-empty rows)
 */
export function detectSensitiveColumns(names: readonly string[], rows: readonly (readonly string[])[]): (SensitiveKind | null)[] {
  return names.map((name, column) => {
    const byHeader = sensitiveKindOfHeader(name);
    if (byHeader) return byHeader;
    const tally = new Map<SensitiveKind, number>();
    let values = 0;
    for (const row of rows) {
      const value = row[column];
      if (value === undefined || !value.trim()) continue;
      values++;
      const kind = sensitiveKindOfValue(value);
      if (kind) tally.set(kind, (tally.get(kind) ?? 0) + 1);
    }
    // The kinds together: a contact column of e-mails and phone numbers is personal though neither alone is half of it.
    let personal = 0;
    let commonest: SensitiveKind | null = null;
    for (const [kind, matches] of tally) {
      personal += matches;
      if (commonest === null || matches > tally.get(commonest)!) commonest = kind;
    }
    return values > 0 && personal * 2 >= values ? commonest : null;
  });
}
