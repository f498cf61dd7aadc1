import { delimiterForExtension, detectDelimiter } from '../src/delimiter.js';

const sample = (text: string) => new TextEncoder().encode(text);

describe('detectDelimiter', () => {
  it('finds comma, tab, semicolon and pipe files', () => {
    expect(detectDelimiter(sample('a,b,c\n1,2,3\n4,5,6\n'), true, 'csv')).toBe(',');
    expect(detectDelimiter(sample('a\tb\tc\n1\t2\t3\n'), true, 'txt')).toBe('\t');
    expect(detectDelimiter(sample('name;tickets\nJo;3\nAl;4\n'), true, 'csv')).toBe(';');
    expect(detectDelimiter(sample('name|tickets\nJo|3\n'), true, 'txt')).toBe('|');
  });

  it('ignores delimiters inside quoted fields', () => {
    expect(detectDelimiter(sample('"Smith, John";5\n"Lee, Ann";7\n"Ng, Bo";1\n'), true, 'csv')).toBe(';');
  });

  it('prefers the delimiter that gives the same count on most rows', () => {
    // Commas appear in some names only; the semicolon separates every row.
    expect(detectDelimiter(sample('name;city\nJo, Jr;Perth\nAl;Sydney\nBo;Hobart, TAS\nCy;Darwin\n'), true, 'csv')).toBe(';');
  });

  it("breaks ties with the file type's delimiter, then comma, tab, semicolon, pipe", () => {
    expect(detectDelimiter(sample('a,b\tc\n'), true, 'tsv')).toBe('\t');
    expect(detectDelimiter(sample('a,b\tc\n'), true, 'csv')).toBe(',');
    expect(detectDelimiter(sample('a;b|c\n'), true, 'txt')).toBe(';');
  });

  it("falls back to the file type's delimiter for a one-column file", () => {
    expect(detectDelimiter(sample('alice\nbob\n'), true, 'tsv')).toBe('\t');
    expect(detectDelimiter(sample('alice\nbob\n'), true, 'txt')).toBe(',');
    expect(delimiterForExtension('TSV')).toBe('\t');
  });

  it('does not count a last row cut short by the end of the sample', () => {
    // Cut inside a quoted value that holds semicolons: the partial row must not vote.
    expect(detectDelimiter(sample('a,b\n1,2\n3,"x;y;z;w;v'), false, 'txt')).toBe(',');
  });

  it('skips blank rows', () => {
    expect(detectDelimiter(sample('\n\n  \na|b\n\nc|d\n'), true, 'csv')).toBe('|');
  });
});
