import type { CountryCode } from '../../../lib/countries';

export interface Faq {
  question: string;
  answer: string;
}

const COMMON: Faq[] = [
  {
    question: 'How does FairDraw pick winners?',
    answer:
      'Each draw gets a 256-bit seed from the operating system’s secure random generator. A published algorithm turns the seed into winners with exact, unbiased integer arithmetic: each entry’s chance is its ticket count divided by the total. The certificate records the seed and the file’s SHA-256 fingerprint, so the draw can be re-run and checked.',
  },
  {
    question: 'Can anyone verify a draw?',
    answer:
      'Yes. The certificate page shows the seed, the entries file fingerprint and the winners. With the entries file, anyone can run the open verification tool and get the same winners in the same order.',
  },
  {
    question: 'What file formats can I upload?',
    answer:
      'CSV, TSV and TXT files, or a ZIP containing one of them, up to 300 MB. FairDraw detects the delimiter and character encoding, and shows the first rows so you can confirm the header row before drawing.',
  },
  { question: 'How many entries can a draw have?', answer: 'As many as fit in a 300 MB file: usually millions of rows. A draw can have up to 1,000,000 winners and reserves in total.' },
  {
    question: 'Can some entrants have more chances than others?',
    answer: 'Yes. Choose an advanced upload and name the column with each row’s ticket count. An entrant with 5 tickets is five times as likely to win as one with 1.',
  },
  {
    question: 'Can I stop one person winning several prizes?',
    answer:
      'Yes. Tick “one win per entrant” and choose the column that identifies an entrant, such as an e-mail address or customer number. Rows with the same id are grouped, and their ticket counts added.',
  },
  {
    question: 'What are reserves?',
    answer:
      'Reserve winners are drawn in order at the same time as the winners, for each prize. If a winner cannot be contacted or is ineligible, you award the prize to the first reserve, and the certificate shows that this was planned from the start.',
  },
  {
    question: 'Can I schedule a draw for a later time?',
    answer:
      'Yes, with an account. Set the date and time in your terms and conditions; the draw runs then automatically, and you can watch it happen on the draw page. You can reschedule or cancel it until it runs.',
  },
  {
    question: 'What is a demo draw?',
    answer: 'A free draw for trying FairDraw with up to 10 prizes, scheduled within 15 minutes at most. Its certificate is marked as a demo, so it cannot be used to award real prizes.',
  },
  {
    question: 'How much does a draw cost?',
    answer: 'One draw is priced per country (for example USD 40, AUD 50 or GBP 30), and packs of 10 and 100 credits cost less per draw. The random number and sequence generators are free.',
  },
  {
    question: 'Can I publish the winners?',
    answer: 'Yes. Publish the winners on a public page with the columns you choose, for example first name and town, and hide everything else. You can unpublish at any time.',
  },
  { question: 'Can entrants check they were in the draw?', answer: 'Yes. Turn on entry check and entrants can search for their own entry on a public page without seeing anyone else’s.' },
  {
    question: 'What is screen-share mode?',
    answer: 'A setting for presenting a draw live. It hides entry counts, sensitive columns and e-mail addresses, shows a clock to the second, and can announce winners prize by prize.',
  },
  {
    question: 'Is there an API?',
    answer:
      'Yes. Create an API key on your account page and run draws from your own systems. Test keys run real draws marked as tests, free of charge. See the API page for the endpoints and examples.',
  },
  {
    question: 'What do you do with the entrants’ data?',
    answer:
      'Only what is needed to run your draw. It is never shared, sold or used to contact entrants. Mark columns as sensitive to keep them off public pages, and delete the file after the draw if you wish.',
  },
  {
    question: 'Can a draw be re-run if we do not like the result?',
    answer: 'No. A draw runs exactly once and its certificate cannot be changed. That is what makes it independent. If a winner is ineligible, use the reserves.',
  },
  { question: 'Do you issue tax invoices?', answer: 'Yes, for every payment, downloadable as a PDF from your account page, numbered without gaps.' },
];

const BY_COUNTRY: Partial<Record<CountryCode, Faq[]>> = {
  au: [
    {
      question: 'Is a FairDraw draw accepted for Australian trade promotion lotteries?',
      answer:
        'FairDraw is a computerised random draw with a verifiable record, which is what state regulators expect of a trade promotion draw. Where your permit or terms name a place of the draw, name FairDraw’s online draw and the certificate address. See the compliance page for each state.',
    },
  ],
  uk: [
    {
      question: 'Does FairDraw meet the CAP Code for prize draws?',
      answer:
        'The CAP Code asks for winners chosen by chance, by an independent person or under independent supervision, or by a verifiably random computer process. FairDraw is such a process, and its certificate is the evidence you can give the ASA.',
    },
  ],
  us: [
    {
      question: 'Can I use FairDraw for a US sweepstakes?',
      answer: 'Yes. FairDraw gives every entry, free or paid, the chance its ticket count sets, and records the drawing on a certificate you can keep with your official rules and winners list.',
    },
  ],
  ca: [
    {
      question: 'Do I still need a skill-testing question in Canada?',
      answer: 'Yes. FairDraw selects the potential winners at random; Canadian law still requires them to answer a skill-testing question before they are confirmed.',
    },
  ],
  nz: [
    {
      question: 'Can I use FairDraw for a New Zealand promotion?',
      answer: 'Yes. A sales promotion draw must be genuine and run as the terms describe; FairDraw’s certificate records when and how the winners were chosen.',
    },
  ],
};

export function faqsFor(country: CountryCode): Faq[] {
  return [...(BY_COUNTRY[country] ?? []), ...COMMON];
}
