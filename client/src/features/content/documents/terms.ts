import type { ContentDocument } from '../content-document';

export const termsDocument: ContentDocument = {
  title: 'Terms and conditions',
  lead: 'The agreement between FairDraw and everyone who uses the site, the generators or the API.',
  updated: '2026-11-20',
  sections: [
    {
      heading: '1. The service',
      paragraphs: [
        'FairDraw selects winners of prize draws at random from the entries you provide, records each draw on a certificate and offers free random number and sequence generators. Demo draws are free and limited (at most 10 prizes, scheduled within 15 minutes) and are marked as demos on their certificates: they are for trying the service, not for awarding prizes.',
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        'You must give accurate details, keep your password and API keys secret and tell us at once if you think someone else has used them. You are responsible for what is done with your account and keys. Scheduling draws and buying credits need an account.',
      ],
    },
    {
      heading: '3. Your promotion',
      paragraphs: [
        'You are the promoter. You are responsible for your promotion’s terms, permits, entrant eligibility, the contents of your entries file and contacting and awarding winners. FairDraw guarantees that it draws fairly from the file you uploaded; it cannot know whether the file is complete or correct.',
      ],
    },
    {
      heading: '4. Prices and payment',
      paragraphs: [
        'Prices are shown before you pay, in the currency you choose, including any tax that applies. Draws are paid individually or with credits bought in packs of 10 or 100. Credits do not expire while your account is open. A tax invoice is issued for every payment.',
      ],
    },
    {
      heading: '5. Cancellations and refunds',
      paragraphs: [
        'You may cancel a scheduled draw before it runs; a draw paid with a credit returns the credit. A draw that has run cannot be undone, re-run or changed, because its certificate must stay true. If a draw fails on our side we refund it in full. Your rights under consumer law, such as the Australian Consumer Law, are not limited by these terms.',
      ],
    },
    {
      heading: '6. Fair use',
      paragraphs: [
        'Do not try to influence or predict results, probe other customers’ data, overload the service or use it for unlawful gambling. We may suspend accounts that do, after telling you why where the law allows.',
      ],
    },
    {
      heading: '7. Liability',
      paragraphs: [
        'We run the service with care and skill. To the extent the law allows, our liability for a draw is limited to the amount you paid for it, and we are not liable for indirect losses such as lost profits. Nothing here limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: '8. Changes and law',
      paragraphs: [
        'We may change these terms with 30 days’ notice by e-mail for changes that affect you. These terms are governed by the law of New South Wales, Australia, without taking away the protection of the law of the country you live in.',
      ],
    },
  ],
};
