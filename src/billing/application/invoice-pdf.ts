import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { formatDate } from '#rules';
import PDFDocument from 'pdfkit';
import type { Invoice } from '../domain/payment.js';
import { type Currency, formatMinor } from '../domain/pricing.js';

const require = createRequire(import.meta.url);
// TTF (not WOFF2, which pdfkit mishandles for ä, ż, ł): names and addresses come in every European alphabet.
const REGULAR = require.resolve('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf');
const BOLD = require.resolve('@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf');

const SELLER = { name: 'FairDraw', lines: ['GPO Box, Sydney NSW 2001, Australia', 'billing@fairdraw.com'] };

/** The country site an invoice was bought on, by its currency (part 1 §9): its dates are in that site's format. */
const SITE_OF_CURRENCY: Record<Currency, string> = { USD: 'us', AUD: 'au', CAD: 'ca', NZD: 'nz', GBP: 'uk' };

/** The invoice as an A4 PDF, streamed as pdfkit writes it. */
export function renderInvoicePdf(invoice: Invoice): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${invoice.invoiceNumber}`, Author: SELLER.name } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const out = new PassThrough();
  doc.pipe(out);

  doc.font('bold').fontSize(22).text(SELLER.name);
  doc.font('regular').fontSize(10).fillColor('#444444');
  for (const line of SELLER.lines) doc.text(line);
  doc.moveDown(2).fillColor('#111111');
  doc.font('bold').fontSize(16).text(`Tax invoice ${invoice.invoiceNumber}`);
  doc
    .font('regular')
    .fontSize(10)
    .text(`Date: ${formatDate(invoice.dateCreated, SITE_OF_CURRENCY[invoice.currency])}`);
  doc.moveDown();
  doc.font('bold').text('Billed to');
  doc.font('regular').text(invoice.customerName).text(invoice.customerEmail);
  const address = invoice.customerAddress;
  for (const line of [address.lineOne, address.lineTwo, [address.city, address.state, address.postcode].filter(Boolean).join(' '), address.countryCode]) {
    if (line) doc.text(line);
  }
  doc.moveDown(2);

  const top = doc.y;
  doc.font('bold').text('Description', 56, top).text('Amount', 400, top, { width: 139, align: 'right' });
  doc
    .moveTo(56, top + 16)
    .lineTo(539, top + 16)
    .strokeColor('#cccccc')
    .stroke();
  doc
    .font('regular')
    .text(invoice.description, 56, top + 24)
    .text(formatMinor(invoice.amount, invoice.currency), 400, top + 24, { width: 139, align: 'right' });
  doc
    .font('bold')
    .text(`Total paid (${invoice.currency})`, 56, top + 56)
    .text(formatMinor(invoice.amount, invoice.currency), 400, top + 56, { width: 139, align: 'right' });
  doc.end();
  return out;
}
