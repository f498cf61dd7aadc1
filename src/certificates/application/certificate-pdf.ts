import { describeLogPositions } from '#transparency-log';
import { beaconName, beaconStatement, SEED_SCHEMES } from '#rng';
import { dateCountryOfTimeZone, formatDateTime, type ImageSlot, knownTimeZone, scrutineerText } from '#rules';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { hasImage } from '../domain/branding.js';
import { type CertificateDocument, type CertificateFacts, certificateOpening, DELIMITER_NAMES, uncertifiedLabel } from '../domain/certificate-facts.js';
import { BODY_FONT_FILES, FONT_FILES, fontPath } from './certificate-fonts.js';
import { embedsInCertificate } from './embeddable-image.js';

/** Bumped when the layout changes, so stored certificates are rendered again. */
export const CERTIFICATE_LAYOUT_VERSION = 2;

const A4 = { width: 595.28, height: 841.89 };
const INSET = 22;
const PAD = 36;

/**
 * The certificate as an A4 PDF. The same facts and branding give the same bytes: the creation date is the draw's
 * date and pdfkit's document id is derived from the info dictionary.
 */
export async function renderCertificatePdf(document: CertificateDocument): Promise<Buffer> {
  const { facts, branding, withWinners } = document;
  const created = new Date(facts.drawnAt ?? facts.scheduleDate);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: INSET + PAD, bottom: INSET + PAD, left: INSET + PAD, right: INSET + PAD },
    autoFirstPage: false,
    info: {
      Title: `Certificate of draw ${facts.displayId} - ${facts.name}`,
      Author: 'FairDraw',
      Subject: `${withWinners ? 'Certificate with winners' : 'Certificate'} of draw ${facts.shortCode}`,
      CreationDate: created,
      ModDate: created,
    },
  });
  const body = branding.font === 0 ? BODY_FONT_FILES.serif : BODY_FONT_FILES.sans;
  // pdfkit keeps an opened font under its registered name only when no font of the same name is open already: with
  // the brand font the body's own (fonts 0 and 1), every use of 'regular' read its file and parsed it again, about
  // 5 ms a row (review of scale, stop 41). That font is then used under one name.
  const brand = FONT_FILES[branding.font] === body.regular ? 'regular' : 'brand';
  if (brand === 'brand') doc.registerFont('brand', fontPath(FONT_FILES[branding.font]));
  doc.registerFont('regular', fontPath(body.regular));
  doc.registerFont('bold', fontPath(body.bold));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Every page, also those pdfkit adds when text flows on: background, page panel and borders.
  doc.on('pageAdded', () => {
    doc.save();
    doc.rect(0, 0, A4.width, A4.height).fill(branding.backgroundColour);
    doc.rect(INSET, INSET, A4.width - 2 * INSET, A4.height - 2 * INSET).fill(branding.pageColour);
    if (branding.borderTopVisible) doc.rect(INSET, INSET, A4.width - 2 * INSET, 10).fill(branding.borderTopColour);
    if (branding.borderBottomVisible) doc.rect(INSET, A4.height - INSET - 10, A4.width - 2 * INSET, 10).fill(branding.borderBottomColour);
    doc.restore();
    doc.fillColor(branding.textColour);
  });
  doc.addPage();

  const left = INSET + PAD;
  const width = A4.width - 2 * (INSET + PAD);
  const images: Partial<Record<ImageSlot, Buffer>> = {};
  for (const slot of ['Top', 'Left', 'Banner', 'Right'] as const) {
    if (!hasImage(branding, slot)) continue;
    const bytes = await document.image(slot);
    // Left out rather than fail every download of the certificate, or end the process (embeddable-image.ts): an
    // image stored before uploads were checked, or damaged in storage.
    if (bytes && (await embedsInCertificate(bytes))) images[slot] = bytes;
  }

  // Header: left and right images beside the logo (text or the Top image), then the banner.
  let y = INSET + PAD - 8;
  const headerHeight = 70;
  if (images.Left) doc.image(images.Left, left, y, { fit: [90, headerHeight], valign: 'center' });
  if (images.Right) doc.image(images.Right, left + width - 90, y, { fit: [90, headerHeight], align: 'right', valign: 'center' });
  const logoWidth = width - (images.Left ? 100 : 0) - (images.Right ? 100 : 0);
  const logoLeft = left + (images.Left ? 100 : 0);
  if (branding.logoOption === 'image' && images.Top) {
    doc.image(images.Top, logoLeft, y, { fit: [logoWidth, headerHeight], align: 'center', valign: 'center' });
  } else if (branding.logoOption === 'text' && branding.logoText) {
    doc
      .font(brand)
      .fontSize(26)
      .fillColor(branding.logoColour)
      .text(branding.logoText, logoLeft, y + 18, { width: logoWidth, align: 'center', lineBreak: false });
  } else if (images.Top) {
    doc.image(images.Top, logoLeft, y, { fit: [logoWidth, headerHeight], align: 'center', valign: 'center' });
  }
  const hasHeader = !!(images.Left || images.Right || images.Top || (branding.logoOption === 'text' && branding.logoText));
  if (hasHeader) y += headerHeight + 10;
  if (images.Banner) {
    doc.image(images.Banner, left, y, { fit: [width, 80], align: 'center', valign: 'center' });
    y += 90;
  }

  doc.fillColor(branding.textColour);
  doc.font(brand).fontSize(24).text('Certificate of random draw', left, y, { width, align: 'center' });
  doc.font('regular').fontSize(10).text(certificateOpening(facts), { width, align: 'center' });
  const uncertified = uncertifiedLabel(facts);
  if (uncertified) doc.font('bold').text(uncertified, { width, align: 'center' });
  doc.moveDown(1);

  section(doc, 'The draw');
  row(doc, 'Organisation', facts.organisation);
  row(doc, 'Draw', facts.name);
  row(doc, 'Draw id', `${facts.displayId} (short code ${facts.shortCode})`);
  row(doc, 'Scheduled for', zoned(facts.scheduleDate, facts.timeZone));
  row(doc, 'Drawn', facts.drawnAt ? zoned(facts.drawnAt, facts.timeZone) : stateText(facts));
  if (facts.scrutineer) row(doc, 'Scrutineer', scrutineerText(facts.scrutineer));

  section(doc, 'Entries');
  row(doc, 'Entry method', entryMethodText(facts));
  row(doc, 'Entries', entriesText(facts));
  if (facts.entryMethod !== 'simple') {
    row(doc, 'File reading', fileReadingText(facts));
  }
  row(doc, 'One win per entrant', facts.oneWinPerEntrant ? 'Yes' : 'No');

  section(doc, 'Prizes');
  facts.prizes.forEach((prize, index) => {
    const reserves = prize.reserves > 0 ? `, ${prize.reserves} reserve${prize.reserves === 1 ? '' : 's'}` : '';
    row(doc, `Prize ${index + 1}`, `${prize.description || '(no description)'}: ${prize.quantity} winner${prize.quantity === 1 ? '' : 's'}${reserves}`);
  });

  if (withWinners) {
    section(doc, 'Winners (entry numbers)');
    facts.prizes.forEach((prize, index) => {
      const shown = prize.winners.length < prize.winnersAwarded ? ` (the first ${prize.winners.length} of ${prize.winnersAwarded})` : '';
      row(doc, `Prize ${index + 1}`, prize.winners.length ? prize.winners.join(', ') + shown : 'Not drawn yet');
      if (prize.reserveWinners.length) row(doc, `Reserves ${index + 1}`, prize.reserveWinners.join(', '));
    });
  }

  section(doc, 'Verification');
  // 64 hex digits on one line each, so they can be read (and copied) whole.
  row(doc, 'Entries file SHA-256', facts.entriesSha256 ?? 'No file: a simple draw of numbered entries', facts.entriesSha256 ? 7.5 : 10);
  const beacon = facts.seedScheme === SEED_SCHEMES.beacon ? facts.beacon : null;
  if (beacon) {
    row(doc, 'Seed scheme', "beacon/1: server seed followed by the beacon round's randomness");
    row(doc, 'Server seed commitment', facts.seedHash, 7.5);
    row(doc, 'Beacon', `${beaconName(beacon)}, scheme ${beacon.scheme}`);
    row(doc, 'Beacon chain', beacon.chainHash, 7.5);
    row(doc, 'Beacon round', `${beacon.round}, at ${zoned(beacon.roundTime, facts.timeZone)}`);
    row(doc, 'Beacon signature', beacon.signature ? `${beacon.signature.slice(0, 48)}\n${beacon.signature.slice(48)}` : "Published at the round's time", beacon.signature ? 7.5 : 10);
    row(doc, 'Beacon randomness', beacon.randomness ?? "Published at the round's time", beacon.randomness ? 7.5 : 10);
    row(doc, 'Server seed', facts.serverSeed ?? 'Revealed once the draw is done', facts.serverSeed ? 7.5 : 10);
    // 128 hex digits: the server seed and the randomness, in two lines of 64.
    row(doc, 'Seed', facts.seed ? `${facts.seed.slice(0, 64)}\n${facts.seed.slice(64)}` : 'Revealed once the draw is done', facts.seed ? 7.5 : 10);
  } else {
    row(doc, 'Seed scheme', 'seed/1: a seed committed to before the draw (made before the public beacon)');
    row(doc, 'Seed commitment', facts.seedHash, 7.5);
    row(doc, 'Revealed seed', facts.seed ?? 'Revealed once the draw is done', facts.seed ? 7.5 : 10);
  }
  row(doc, 'Draw engine', facts.engineVersion ?? 'Recorded when the draw is done');
  if (facts.log) row(doc, 'Public draw log', describeLogPositions(facts.log), 8);
  doc.moveDown(0.5);
  if (beacon) {
    doc
      .font('bold')
      .fontSize(9)
      .text(beaconStatement(beacon, zoned(beacon.roundTime, facts.timeZone)), left, doc.y, { width: width - 110 });
    doc.moveDown(0.3);
  }
  doc
    .font('regular')
    .fontSize(9)
    .text(
      // Written for the promoter's lawyer, not a developer: what was drawn, how it can be checked and where.
      (beacon
        ? 'How to check this draw: the seed that chose the winners joins a secret FairDraw committed to before the draw ' + 'with the randomness of the public beacon round named above. '
        : 'How to check this draw: the seed that chose the winners was committed to before the draw, and revealed after it. ') +
        "Anyone can check that the revealed seed matches that commitment and that, applied to the entries (their file's " +
        "fingerprint is given above), it gives exactly the winners above. The check runs on the draw's public page, at the " +
        'address below or through the QR code, which also shows this certificate as it stands.',
      left,
      doc.y,
      { width: width - 110 },
    );
  qrCode(doc, facts.url, left + width - 96, Math.max(doc.y - 60, INSET + PAD), 96, branding.textColour, branding.pageColour);
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(9)
    .text(facts.url, left, doc.y, { width: width - 110, link: facts.url });
  doc.end();
  return done;
}

function section(doc: PDFKit.PDFDocument, title: string): void {
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(13)
    .text(title, INSET + PAD);
  doc.moveDown(0.2);
}

function row(doc: PDFKit.PDFDocument, label: string, value: string, valueSize = 10): void {
  const left = INSET + PAD;
  const width = A4.width - 2 * (INSET + PAD);
  if (doc.y > A4.height - INSET - PAD - 30) doc.addPage();
  const top = doc.y;
  doc.font('bold').fontSize(10).text(label, left, top, { width: 140 });
  const afterLabel = doc.y;
  doc
    .font('regular')
    .fontSize(valueSize)
    .text(value, left + 150, top, { width: width - 150 });
  doc.y = Math.max(doc.y, afterLabel) + 2;
  doc.x = left;
}

/** The QR code of the public page, drawn as squares (vector, and the same bytes every time). */
function qrCode(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number, dark: string, light: string): void {
  const code = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  const cell = size / (count + 2);
  doc.save();
  doc.rect(x, y, size, size).fill(light);
  for (let r = 0; r < count; r++) {
    for (let c = 0; c < count; c++) if (code.modules.get(r, c)) doc.rect(x + (c + 1) * cell, y + (r + 1) * cell, cell, cell);
  }
  doc.fill(dark);
  doc.restore();
}

/**
 * '1 May 2026, 2:00:01 pm (Australia/Sydney, UTC+10:00)': the draw's own time zone, as the draw pages show it, in
 * the date format of the zone's country site (libs/rules date-format; the PDF is the same for every reader).
 */
function zoned(iso: string, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const offsetName = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = offsetName === 'GMT' ? 'UTC' : offsetName.replace('GMT', 'UTC');
  return `${formatDateTime(iso, dateCountryOfTimeZone(zone), zone, { seconds: true })} (${zone}, ${offset})`;
}

function stateText(facts: CertificateFacts): string {
  return { scheduled: 'Not yet drawn', cancelled: 'Cancelled: not drawn', error: 'Not drawn (error)', drawn: 'Drawn' }[facts.state];
}

function entryMethodText(facts: CertificateFacts): string {
  return { simple: 'Numbered entries (no file)', upload: 'Entries file', uploadAdvanced: 'Entries file with advanced columns' }[facts.entryMethod];
}

function entriesText(facts: CertificateFacts): string {
  const parts = [`${facts.entryCount.toLocaleString('en-US')} ${facts.entryMethod === 'simple' ? 'entries' : 'entry rows'}`];
  // The wizard's words for the same figures (issue 27): entry rows, entries (tickets), entrants.
  if (facts.ticketCount !== facts.entryCount) parts.push(`${facts.ticketCount.toLocaleString('en-US')} entries`);
  if (facts.entrantCount !== facts.entryCount) parts.push(`${facts.entrantCount.toLocaleString('en-US')} entrants`);
  return parts.join(', ');
}

function fileReadingText(facts: CertificateFacts): string {
  const parts = [facts.headerRow ? 'header row' : 'no header row'];
  if (facts.delimiter) parts.push(`${DELIMITER_NAMES[facts.delimiter] ?? facts.delimiter} delimited`);
  if (facts.entryCountColumn !== null) parts.push(`ticket counts in column ${facts.entryCountColumn + 1}`);
  if (facts.uniqueEntrantIdColumn !== null) parts.push(`entrant ids in column ${facts.uniqueEntrantIdColumn + 1}`);
  return parts.join('; ');
}
