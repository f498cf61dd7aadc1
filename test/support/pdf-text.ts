import { inflateSync } from 'node:zlib';
import jsQRModule from 'jsqr';

/**
 * The text of a PDF written by pdfkit with embedded fonts, one string per text line: streams are inflated, each
 * font's ToUnicode map turns glyph ids back into characters. Enough for pdfkit's output, not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  // Font resource name → glyph id → text.
  const cmaps = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const fonts = /\/Font\s*<<([^>]*)>>/.exec(dict);
    if (!fonts) continue;
    for (const [, name, ref] of fonts[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
      const cmap = toUnicode && objects.get(Number(toUnicode[1]))?.stream;
      if (cmap) cmaps.set(name, parseCmap(cmap.toString('latin1')));
    }
  }
  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Length1|\/Subtype|\/Type \/XObject|CIDInit/.test(dict + stream.subarray(0, 40).toString('latin1'))) continue;
    const content = stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    let line = '';
    for (const token of content.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>|\bET\b/g)) {
      if (token[1]) font = cmaps.get(token[1]);
      else if (token[2] !== undefined && font) {
        for (let i = 0; i + 4 <= token[2].length; i += 4) line += font.get(parseInt(token[2].slice(i, i + 4), 16)) ?? '';
      } else if (token[0] === 'ET') {
        lines.push(line);
        line = '';
      }
    }
  }
  return lines;
}

/** The PDF's objects by number: each dictionary, and its stream's bytes (inflated) if it has one. */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream: Buffer | null }> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  // A stream's bytes are taken by its /Length, never by searching for 'endstream' or 'endobj': compressed bytes can
  // end in '\r' or hold those words, and trimming line ends cut a real byte about once in 256 streams.
  const objectPattern = /(\d+) 0 obj\s*/g;
  for (let match = objectPattern.exec(source); match; match = objectPattern.exec(source)) {
    const at = objectPattern.lastIndex;
    const streamAt = source.indexOf('stream', at);
    const endAt = source.indexOf('endobj', at);
    if (streamAt < 0 || endAt < streamAt) {
      objects.set(Number(match[1]), { dict: source.slice(at, endAt), stream: null });
      continue;
    }
    const dict = source.slice(at, streamAt);
    const length = /\/Length (\d+)\b(?! \d+ R)/.exec(dict);
    if (!length) throw new Error(`PDF object ${match[1]}: a stream without a direct /Length`);
    let start = streamAt + 'stream'.length;
    if (source[start] === '\r') start++;
    if (source[start] === '\n') start++;
    let bytes = pdf.subarray(start, start + Number(length[1]));
    if (/\/FlateDecode/.test(dict)) bytes = inflateSync(bytes);
    objects.set(Number(match[1]), { dict, stream: bytes });
    objectPattern.lastIndex = start + Number(length[1]);
  }
  return objects;
}

function parseCmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  const decode = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(entry[1], 16);
      const to = parseInt(entry[2], 16);
      if (entry[3].startsWith('[')) {
        [...entry[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((value, i) => map.set(from + i, decode(value[1])));
      } else {
        const base = parseInt(entry[3].slice(1, -1), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(entry[1], 16), decode(entry[2]));
  }
  return map;
}

/**
 * The text of the QR code pdfkit drew as filled squares (one `re` per dark module, as the certificate does), read
 * back by a QR decoder from a bitmap of those squares; null when the PDF has none.
 */
export function pdfQrCode(pdf: Buffer): string | null {
  for (const { dict, stream } of pdfObjects(pdf).values()) {
    if (!stream || /\/Length1|\/Subtype/.test(dict)) continue;
    const squares = [...stream.toString('latin1').matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number)).filter(([, , w, h]) => w === h && w < 10);
    if (squares.length < 100) continue;
    const cell = squares[0][2];
    const modules = squares.filter(([, , w]) => w === cell);
    const left = Math.min(...modules.map(([x]) => x));
    const top = Math.min(...modules.map(([, y]) => y));
    const at = modules.map(([x, y]) => [Math.round((x - left) / cell), Math.round((y - top) / cell)]);
    const size = Math.max(...at.flat()) + 1;
    // Four pixels a module and the four-module quiet zone a reader expects, dark on white.
    const scale = 4;
    const width = (size + 8) * scale;
    const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
    for (const [column, row] of at) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const p = 4 * (((row + 4) * scale + dy) * width + (column + 4) * scale + dx);
          pixels[p] = pixels[p + 1] = pixels[p + 2] = 0;
        }
      }
    }
    // The package is CommonJS: its function is module.exports, which is also its `default`.
    const code = jsQRModule.default(pixels, width, width);
    if (code) return code.data;
  }
  return null;
}
