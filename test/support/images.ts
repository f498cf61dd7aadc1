import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/** A solid-colour PNG (RGB, 8 bits), written by hand so tests need no image library. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc(body), body.length + 4);
  return out;
};

/** A PNG of 8-bit samples of the colour type (2 RGB, 6 RGB with alpha) whose image data is `idat` as given. */
export function pngWithData(width: number, height: number, colourType: 2 | 6, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A solid-colour PNG (RGB, 8 bits), written by hand so tests need no image library. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const rowBytes = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => rowBytes));
  return pngWithData(width, height, 2, deflateSync(raw));
}

/** A solid-colour PNG with an alpha channel (RGBA, 8 bits): pdfkit decodes these, where it copies RGB data as it is. */
export function solidRgbaPng(width: number, height: number, rgba: [number, number, number, number]): Buffer {
  const rowBytes = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgba).flat())]);
  return pngWithData(width, height, 6, deflateSync(Buffer.concat(Array.from({ length: height }, () => rowBytes))));
}

/** A small real JPEG (a logo made by Chromium). */
export function logoJpeg(): Buffer {
  return readFileSync(new URL('./branding-logo.jpg', import.meta.url));
}
