import { escapeFormula } from './spreadsheet-safety.js';

describe('escapeFormula', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const cell of ['=HYPERLINK("http://evil")', '+1+1', '-2', '@SUM(A1)', '\t=1', '\r=1']) expect(escapeFormula(cell)).toBe(`'${cell}`);
  });

  it('leaves other cells alone', () => {
    for (const cell of ['alice@example.com', 'Prize 1', '', '12', 'a=b']) expect(escapeFormula(cell)).toBe(cell);
  });
});
