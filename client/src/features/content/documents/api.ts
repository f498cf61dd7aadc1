import type { ContentDocument } from '../content-document';

export const apiDocument: ContentDocument = {
  title: 'The FairDraw API',
  lead: 'Run certified draws from your own systems: the same endpoints the FairDraw site uses, with an API key.',
  sections: [
    {
      heading: 'Getting keys',
      list: [
        'Create a FairDraw account and ask us, through the contact page, to switch on API access for it.',
        'On your account page, under API access, create a key. It is shown once: store it in your secrets manager.',
        'Keys start with fd_live_ (real draws, paid with your credits) or fd_test_ (test draws, free, marked as tests everywhere).',
        'Revoke a key on the same page; programs using it stop working at once. If API access is switched off, every key is revoked: create new keys once it is back on. Your password is changed on the account page only, never with a key.',
      ],
    },
    {
      heading: 'Authentication',
      paragraphs: [
        'Send the key in the Authorization header of every request: Authorization: Bearer fd_test_… . Requests are JSON over HTTPS. Errors answer { "message", "modelState" } with the HTTP status: 400 for invalid fields (modelState lists each field’s messages), 401 for a missing or revoked key, 403 for something your key may not do, 404 for a draw that does not exist or is not yours, 409 for a draw in the wrong state and 429 when you are going too fast (see Retry-After).',
      ],
    },
    {
      heading: 'Test keys',
      paragraphs: [
        'A test key runs the whole flow with real randomness and real certificates, labelled as tests and free of charge, so you can build and test your integration before spending credits. It changes only test draws and your own test drafts: it buys no credits and changes nothing of your account. Switch to a live key when you go live; nothing else changes.',
      ],
    },
  ],
};

export const CURL_EXAMPLE = `curl https://fairdraw.com/api/draw/submitdraw \\
  -H "Authorization: Bearer $FAIRDRAW_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "name": "Spring giveaway",
    "organisation": "Example Pty Ltd",
    "entryMethod": "simple",
    "entriesCount": 1250,
    "prizes": [{ "description": "Weekend away", "quantity": 1, "reserves": 2 }],
    "paymentOption": 2,
    "scheduleOption": 0
  }'`;

export const TYPESCRIPT_EXAMPLE = `const response = await fetch('https://fairdraw.com/api/draw/submitdraw', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.FAIRDRAW_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    name: 'Spring giveaway',
    organisation: 'Example Pty Ltd',
    entryMethod: 'simple',
    entriesCount: 1250,
    prizes: [{ description: 'Weekend away', quantity: 1, reserves: 2 }],
    paymentOption: 2, // use credits
    scheduleOption: 0, // draw now
  }),
});
if (!response.ok) throw new Error((await response.json()).message);
const drawId: string = await response.json();
console.log(\`https://fairdraw.com/draws/detail/\${drawId}/\`);`;
