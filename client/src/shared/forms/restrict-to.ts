/**
 * The rule of the restrict-to input (part 1 §5 "Other inputs"): only characters matching a one-character
 * pattern get in, whether typed, pasted, dropped or filled in by the browser.
 */

/** A pattern that tests one character at a time, anchored so that `/[0-9]/` cannot match inside a longer key. */
export function characterPattern(pattern: RegExp): RegExp {
  const flags = pattern.flags.replace(/[gy]/g, '');
  return new RegExp(`^(?:${pattern.source})$`, flags);
}

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * Whether a key press may reach the field. Only printable characters are judged: editing keys (Backspace,
 * arrows, Tab, Enter) and shortcuts (Ctrl+V, Cmd+A) must keep working, and a key a virtual keyboard reports
 * as 'Unidentified' is left to the value filter.
 */
export function allowsKey(press: KeyPress, pattern: RegExp): boolean {
  if (press.ctrlKey || press.metaKey) return true;
  if ([...press.key].length !== 1) return true;
  return characterPattern(pattern).test(press.key);
}

/** The text with every character that does not match the pattern removed. */
export function keepMatching(text: string, pattern: RegExp): string {
  const single = characterPattern(pattern);
  return [...text].filter((character) => single.test(character)).join('');
}
