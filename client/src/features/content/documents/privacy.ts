import type { ContentDocument } from '../content-document';

export const privacyDocument: ContentDocument = {
  title: 'Privacy policy',
  lead: 'How FairDraw collects, uses and protects personal data: yours, and that of the entrants in the files you upload.',
  updated: '2026-11-20',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'FairDraw (GPO Box, Sydney NSW 2001, Australia) is responsible for the personal data of its customers. For the entrants’ data in your entries files, you (the promoter) are the controller and FairDraw processes it on your behalf, only to run your draws. We follow the Australian Privacy Principles, the UK GDPR and the GDPR, and the privacy laws of the other countries we serve.',
      ],
    },
    {
      heading: 'Data about you',
      list: [
        'Account: your name, e-mail address, password (stored only as a salted hash), organisation, address for invoices and whether you want our news.',
        'Draws: names, organisations, prizes, schedules and certificates of the draws you create.',
        'Payments: the amount, currency and the payment provider’s reference. Card numbers go straight to Stripe and wallet logins to PayPal: we never see or store them.',
        'Messages you send us through the contact form, with a reference to answer them.',
        'Technical data: IP addresses in our logs and rate limits (kept only as long as security needs) and, where analytics is switched on, anonymous visit statistics.',
      ],
    },
    {
      heading: 'Entrants’ data in your files',
      paragraphs: [
        'Entries files are stored on our servers, reachable only by your account, and used only to draw your winners, answer entry checks you enable and produce the results you download. Columns you mark as sensitive are hidden on public pages and in screen-share mode. We never contact entrants, never use their data for anything else and never sell it.',
        'You can delete a draw’s entries file after the draw; the certificate keeps only the file’s SHA-256 fingerprint and the winners you chose to publish.',
      ],
    },
    {
      heading: 'Why we use your data',
      list: [
        'To provide the service you signed up for (contract).',
        'To keep records the law requires, such as invoices (legal obligation).',
        'To protect the service from fraud and abuse, for example with the human check and rate limits (legitimate interest).',
        'To send news, only if you opted in; every message has an unsubscribe link (consent).',
      ],
    },
    {
      heading: 'Who else sees it',
      paragraphs: [
        'Our hosting and storage providers, our e-mail provider, Stripe and PayPal for payments and Google reCAPTCHA for the human check, each bound by a data processing agreement. Data may be processed outside your country; where it is, we rely on adequacy decisions or standard contractual clauses.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account data for as long as your account is open and 90 days after; invoices for 7 years as tax law requires; certificates for as long as the draw exists, because entrants and regulators rely on them; entries files until you delete them or your account closes.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may ask for a copy of your data, its correction or deletion, restrict or object to its use, or take it elsewhere. Write to us through the contact page and we answer within 30 days. You may also complain to your data protection authority, such as the OAIC in Australia or the ICO in the UK.',
      ],
    },
  ],
};
