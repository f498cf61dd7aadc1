import PDFDocument from 'pdfkit';
import { pdfText } from './pdf-text.js';

const FONT = new URL('../../src/certificates/fonts/Roboto_400Regular.ttf', import.meta.url).pathname;

function render(line: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ compress: true, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(FONT).text(line);
    doc.end();
  });
}

/** The compressed bytes of every stream, found by /Length: the shape the reader must cope with. */
function streamEnds(pdf: Buffer): number[] {
  const source = pdf.toString('latin1');
  const ends: number[] = [];
  for (const match of source.matchAll(/\/Length (\d+)\b(?! \d+ R)[^]*?stream\n/g)) {
    const start = match.index + match[0].length;
    ends.push(pdf[start + Number(match[1]) - 1]);
  }
  return ends;
}

describe('pdfText (test support)', () => {
  it('reads a line back from a stream whose compressed bytes end in a carriage return', async () => {
    // Deterministic search: the first line number whose content stream compresses to bytes ending in 0x0d.
    let found: { line: string; pdf: Buffer } | undefined;
    for (let n = 0; n < 5000 && !found; n++) {
      const line = `Entries file SHA-256 ${n.toString(16).padStart(8, '0')}`;
      const pdf = await render(line);
      if (streamEnds(pdf).includes(0x0d)) found = { line, pdf };
    }
    expect(found).toBeDefined();
    expect(pdfText(found!.pdf)).toContain(found!.line);
  });
});
