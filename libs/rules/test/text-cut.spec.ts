import fc from 'fast-check';
import { firstUnitsOf, lastUnitsOf } from '../src/text-cut.js';

const hasLoneSurrogate = (text: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('cutting text at whole characters', () => {
  it('keeps short texts whole and cuts long ones at the unit count', () => {
    expect(firstUnitsOf('abc', 5)).toBe('abc');
    expect(firstUnitsOf('abcdef', 3)).toBe('abc');
    expect(lastUnitsOf('abcdef', 3)).toBe('def');
    expect(firstUnitsOf('abc', 0)).toBe('');
    expect(lastUnitsOf('abc', 0)).toBe('');
  });

  it('leaves out a character the cut would split, from either end', () => {
    // '𝐀' (U+1D400, a letter) is two UTF-16 units.
    expect(firstUnitsOf('ab𝐀c', 3)).toBe('ab');
    expect(firstUnitsOf('ab𝐀c', 4)).toBe('ab𝐀');
    expect(lastUnitsOf('a𝐀bc', 3)).toBe('bc');
    expect(lastUnitsOf('a𝐀bc', 4)).toBe('𝐀bc');
    expect(firstUnitsOf('😀😀', 3)).toBe('😀');
    expect(lastUnitsOf('😀😀', 3)).toBe('😀');
  });

  it('answers a well-formed start or end of a well-formed text, within the unit count and at most one unit short', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 40 }), fc.nat(90), (text, units) => {
        const first = firstUnitsOf(text, units);
        const last = lastUnitsOf(text, units);
        for (const [cut, whole] of [
          [first, text.startsWith(first)],
          [last, text.endsWith(last)],
        ] as const) {
          expect(whole).toBe(true);
          expect(hasLoneSurrogate(cut)).toBe(false);
          expect(cut.length).toBeLessThanOrEqual(units);
          expect(cut.length).toBeGreaterThanOrEqual(Math.min(units, text.length) - 1);
        }
      }),
    );
  });
});
