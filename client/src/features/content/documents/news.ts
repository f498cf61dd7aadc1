export interface NewsItem {
  date: string;
  title: string;
  text: string;
}

/** Product news, newest first. */
export const newsItems: NewsItem[] = [
  {
    date: '2026-11-20',
    title: 'Screen-share mode for live draws',
    text: 'Presenting a draw on a video call? Screen-share mode hides entry counts, sensitive columns and e-mail addresses, shows a clock to the second in your chosen time zone, and can reveal the winners prize by prize, from the last prize to the grand prize.',
  },
  {
    date: '2026-11-12',
    title: 'Entry files of 300 MB and millions of rows',
    text: 'Upload CSV, TSV, TXT or ZIP files of up to 300 MB. FairDraw detects the encoding and delimiter, lets you mark sensitive columns, and groups entries by entrant for one-win-per-entrant draws with ticket counts.',
  },
  {
    date: '2026-11-05',
    title: 'The FairDraw API',
    text: 'Run draws from your own systems with an API key: create, schedule and cancel draws, read winners and download results. Test keys run real draws marked as tests, free of charge.',
  },
  {
    date: '2026-10-28',
    title: 'Free random number and sequence generators',
    text: 'Generate up to a million random numbers between 0 and one quintillion, unique or not, sorted or grouped, with an optional quantum seed, and download them as a file. Every result can be regenerated from its request.',
  },
];
