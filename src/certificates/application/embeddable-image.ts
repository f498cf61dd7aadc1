import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const PDFKIT = require.resolve('pdfkit');

/** Far more than a certificate header shows; pdfkit decodes a PNG with transparency into 4 bytes a pixel. */
const BRANDING_IMAGE_MAX_PIXELS = 25_000_000;
const CHECK_TIMEOUT_MS = 15_000;

/**
 * Opens the image and embeds it as the certificate does (certificate-pdf.ts), in a worker thread. pdfkit decodes a
 * PNG with transparency in a zlib callback that throws on corrupt data or an unknown row filter: in the server's
 * thread that is an uncaught exception (the process ends) and a certificate download that never answers.
 */
const CHECK = `
const { parentPort, workerData } = require('node:worker_threads');
const PDFDocument = require(workerData.pdfkit);
const doc = new PDFDocument();
doc.on('data', () => {});
doc.on('end', () => parentPort.postMessage(true));
const image = doc.openImage(Buffer.from(workerData.bytes));
if (!(image.width > 0 && image.height > 0 && image.width * image.height <= workerData.maxPixels)) {
  parentPort.postMessage(false);
} else {
  doc.image(image, 0, 0, { fit: [100, 100] });
  doc.end();
}
`;

/** One check at a time in the process: each is a thread of its own, and uploads must not start them by the hundred. */
let previousCheck: Promise<boolean> = Promise.resolve(true);

/** Whether the certificate's PDF can embed the image (a PNG or JPEG by its first bytes). */
export function embedsInCertificate(bytes: Buffer): Promise<boolean> {
  const check = previousCheck.then(() => checkInWorker(bytes));
  previousCheck = check;
  return check;
}

function checkInWorker(bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECK, { eval: true, workerData: { pdfkit: PDFKIT, bytes, maxPixels: BRANDING_IMAGE_MAX_PIXELS } });
    let settled = false;
    const settle = (embeds: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(embeds);
    };
    const timer = setTimeout(() => settle(false), CHECK_TIMEOUT_MS);
    worker.once('message', (embeds: unknown) => settle(embeds === true));
    worker.once('error', () => settle(false));
    worker.once('exit', () => settle(false));
  });
}
