import type { CountryCode } from '../../../lib/countries';
import type { ContentDocument, ContentSection } from '../content-document';

/** What every country's rules ask of a random draw, and how FairDraw answers it. */
const HOW_FAIRDRAW_MEETS_IT: ContentSection[] = [
  {
    heading: 'How a FairDraw certificate answers these rules',
    list: [
      'Independence: the winners are chosen by FairDraw’s servers, not by anyone at the promoter or the agency. Nobody can pick, re-roll or change a result once a draw has run.',
      'Chance: every entry has exactly the chance its ticket count gives it. Winners are picked with unbiased integer arithmetic from a 256-bit seed made by the operating system’s secure random generator.',
      'A record that cannot be edited: the certificate gives the draw’s time, the prizes, the winners and reserves, the SHA-256 fingerprint of the entries file and the seed. It lives at a public address that you can hand to a regulator, an auditor or an entrant.',
      'Reproducibility: anyone with the entries file can re-run the published algorithm with the seed and get the same winners, in the same order. The certificate page explains how.',
      'Scheduling: a draw can be set for the date and time your terms and conditions state, and runs then whether or not anyone is logged in.',
      'Reserves: reserve winners are drawn at the same time, in order, for prizes that go unclaimed.',
    ],
  },
  {
    heading: 'What stays your responsibility',
    paragraphs: [
      'FairDraw runs the draw; it does not write your terms and conditions or apply for permits. Check the rules of the places your promotion runs in, and ask a lawyer when you are unsure. We are happy to explain what our certificate shows to your legal team or a regulator: write to us through the contact page.',
    ],
  },
];

const COUNTRY_SECTIONS: Record<CountryCode, ContentSection[]> = {
  au: [
    {
      heading: 'Trade promotion lotteries in Australia',
      paragraphs: [
        'A game of chance run to promote a business is a trade promotion lottery, and each state and territory regulates it. The common thread is that the draw must be conducted fairly, by chance, at the time and place stated in the terms, and that the promoter keeps records of it.',
      ],
      list: [
        'New South Wales: permits are no longer needed for most trade promotions, but the promoter must conduct the draw as the terms say, keep records of it and be able to show how winners were selected.',
        'South Australia: permits are no longer required; the draw must still be fair and the records kept.',
        'Australian Capital Territory: a permit is needed when the total prize pool is over $3,000. The conditions require the draw to be conducted so that every entry has an equal chance.',
        'Victoria, Queensland, Western Australia, Tasmania and the Northern Territory: no permit for most trade promotions, but their lotteries and consumer law rules expect a genuine chance draw and honest terms.',
        'A computerised draw is accepted where the system selects winners randomly and the result can be shown afterwards; the FairDraw certificate is that evidence.',
      ],
    },
  ],
  uk: [
    {
      heading: 'Prize draws under the CAP Code',
      paragraphs: [
        'In the United Kingdom, promotional prize draws must follow section 8 of the CAP Code (the UK Code of Non-broadcast Advertising and Direct & Promotional Marketing), enforced by the Advertising Standards Authority. A free prize draw must also stay on the right side of the Gambling Act 2005, which means no payment or purchase may be required to enter, or a free route of entry must be offered.',
      ],
      list: [
        'Promoters must award prizes as described, to the winners chosen, and in line with the published terms.',
        'The closing date and how and when winners are chosen must be stated in the terms.',
        'Winners of a prize draw must be chosen by chance, either by an independent person or under the supervision of an independent observer, or by a computer process that produces verifiably random results.',
        'Promoters should be able to show the ASA that the draw was fair if a complaint is made, and publish or make available the name and county of major prize winners.',
      ],
      after: ['FairDraw is such a computer process: the certificate shows how the result was produced and lets anyone verify it.'],
    },
  ],
  us: [
    {
      heading: 'Sweepstakes rules in the United States',
      paragraphs: [
        'A US sweepstakes is lawful when it removes one of the three elements of an illegal lottery (prize, chance and consideration): it keeps prize and chance and removes consideration, offering a free method of entry that has an equal chance of winning.',
      ],
      list: [
        'Official rules must state how and when winners are selected, the odds of winning and the approximate retail value of the prizes.',
        'New York and Florida require registration and bonding for sweepstakes with a total prize value over $5,000; Rhode Island has rules for retail promotions.',
        'Selection must be random and must give free and paid entries the same chance. A random drawing by an independent judging organisation, or a verifiable computer draw, is the usual way to show this.',
        'Keep a record of the drawing and the winners list; several states and the FTC expect the promoter to be able to produce it.',
      ],
    },
  ],
  ca: [
    {
      heading: 'Contests in Canada',
      paragraphs: [
        'Canadian promotional contests are shaped by the Criminal Code (section 206), the Competition Act (section 74.06) and, in Quebec, the rules of the Régie des alcools, des courses et des jeux. Because a pure game of chance is an illegal lottery, winners chosen by random draw must also answer a skill-testing question.',
      ],
      list: [
        'Disclose the number and approximate value of the prizes, the odds of winning and any regional allocation, as the Competition Act requires.',
        'Select winners randomly, as the rules state, and keep the record of the selection.',
        'In Quebec, contests with prizes over $100 open to residents must be notified to the Régie, and the draw must take place as announced.',
      ],
    },
  ],
  nz: [
    {
      heading: 'Promotions in New Zealand',
      paragraphs: [
        'New Zealand treats a promotion with a draw as a sales promotion scheme under the Gambling Act 2003. No licence is needed, but the draw must be genuine and the Fair Trading Act 1986 forbids misleading conduct about the prizes and the chance of winning.',
      ],
      list: [
        'The terms must say how and when winners are chosen, and the draw must happen as described.',
        'Entry must be free or the promotion must be tied to buying a product at its usual price.',
        'Keep records of the draw to answer questions from the Department of Internal Affairs or the Commerce Commission.',
      ],
    },
  ],
};

const LEAD: Record<CountryCode, string> = {
  au: 'What Australian states and territories ask of a trade promotion draw, and how FairDraw’s certificate and verification meet it.',
  uk: 'What the CAP Code and the Gambling Act ask of a UK prize draw, and how FairDraw’s certificate and verification meet it.',
  us: 'What US sweepstakes rules ask of a random drawing, and how FairDraw’s certificate and verification meet them.',
  ca: 'What Canadian contest rules ask of a random draw, and how FairDraw’s certificate and verification meet them.',
  nz: 'What New Zealand rules ask of a promotional draw, and how FairDraw’s certificate and verification meet them.',
};

const TITLES: Record<CountryCode, string> = {
  au: 'Trade promotion compliance in Australia',
  uk: 'Prize draw compliance in the UK',
  us: 'Sweepstakes and prize draw compliance',
  ca: 'Contest compliance in Canada',
  nz: 'Promotion compliance in New Zealand',
};

export function complianceDocument(country: CountryCode): ContentDocument {
  // The other country sites' rules follow, so an agency running promotions in several countries finds them all.
  const others = (Object.keys(COUNTRY_SECTIONS) as CountryCode[]).filter((code) => code !== country).flatMap((code) => COUNTRY_SECTIONS[code]);
  return { title: TITLES[country], lead: LEAD[country], sections: [...COUNTRY_SECTIONS[country], ...HOW_FAIRDRAW_MEETS_IT, ...others] };
}

/** The compliance video's description (part 1 §2): the Australian version on the Australian site, else the global one. */
export function complianceVideo(country: CountryCode): { name: string; description: string; duration: string } {
  return country === 'au'
    ? {
        name: 'Running a compliant trade promotion draw in Australia with FairDraw',
        description: 'In 32 seconds: upload your entries, schedule the draw for the time in your terms, and share the certificate that shows state regulators the draw was random and independent.',
        duration: 'PT32S',
      }
    : {
        name: 'Running a compliant prize draw with FairDraw',
        description: 'In 32 seconds: upload your entries, schedule the draw, and share a certificate anyone can verify, for sweepstakes, prize draws and contests worldwide.',
        duration: 'PT32S',
      };
}
