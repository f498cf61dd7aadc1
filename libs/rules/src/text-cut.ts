const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The first `units` UTF-16 code units of a text, one fewer when the cut would keep half of an emoji (or any
 * character outside the BMP): a lone surrogate cannot be stored in PostgreSQL, and requests carrying one are refused.
 */
export function firstUnitsOf(text: string, units: number): string {
  if (text.length <= units) return text;
  return text.slice(0, units > 0 && isHighSurrogate(text.charCodeAt(units - 1)) ? units - 1 : units);
}

/** The last `units` UTF-16 code units of a text, one fewer when the cut would keep half of a character. */
export function lastUnitsOf(text: string, units: number): string {
  if (text.length <= units) return text;
  const cut = text.length - units;
  return text.slice(isLowSurrogate(text.charCodeAt(cut)) ? cut + 1 : cut);
}
