import type { ContentDocument } from '../content-document';

export const aboutDocument: ContentDocument = {
  title: 'About FairDraw',
  lead: 'FairDraw runs independent, certified random draws for the people who have to stand behind the result: marketing teams, agencies, lawyers and brands.',
  sections: [
    {
      heading: 'Why we built it',
      paragraphs: [
        'A prize draw is a promise to every entrant that they had a fair chance. For years the proof of that promise was a spreadsheet formula, a name pulled from a hat in an office or a screenshot of a website nobody could check. When an entrant, a client or a regulator asked how the winner was chosen, the honest answer was often “trust us”.',
        'FairDraw replaces “trust us” with a certificate anyone can check. The draw runs on our servers, independently of the promoter. The certificate records the entries file’s fingerprint, the seed and the winners, and the algorithm is public, so the result can be reproduced by anyone, years later.',
      ],
    },
    {
      heading: 'What we believe',
      list: [
        'Fairness should be verifiable, not asserted.',
        'Entrants’ personal data belongs to the promoter: we use it only to run the draw, never share it and delete it on request.',
        'Nothing that has been recorded may be lost or changed: draws, certificates and invoices are kept and never rewritten.',
        'A draw for 20 entries and a draw for 20 million should be equally easy.',
      ],
    },
    {
      heading: 'Who uses FairDraw',
      paragraphs: [
        'Retailers and consumer brands drawing trade promotion winners, agencies running competitions for their clients, law firms that supervise promotions, clubs and charities running raffles, and developers who need certified randomness in their own product through our API.',
      ],
    },
    {
      heading: 'Where we are',
      paragraphs: [
        'FairDraw is run from Sydney, Australia (GPO Box, Sydney NSW 2001) and serves customers through country sites for Australia, Canada, New Zealand, the United Kingdom and the United States. Draws run around the clock, every day of the year.',
      ],
    },
  ],
};
