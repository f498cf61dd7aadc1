import { publishedValue } from '#rules';
import { cleanColumnName } from './publication-rules.js';

describe('published values', () => {
  it('keeps the first word and the initials of the others when truncated, in capitals when asked', () => {
    expect(publishedValue('  Mary  Jane Smith ', true, false)).toBe('Mary J. S.');
    expect(publishedValue('Émile Zola', true, true)).toBe('ÉMILE Z.');
    expect(publishedValue('Mary Smith', false, true)).toBe('MARY SMITH');
    expect(publishedValue('MEMBER-1', true, false)).toBe('MEMBER-1');
    expect(publishedValue('', true, true)).toBe('');
  });

  it('strips pipes from column names', () => {
    expect(cleanColumnName(' Win|ner| ')).toBe('Winner');
  });
});
