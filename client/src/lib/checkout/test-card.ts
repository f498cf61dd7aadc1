/**
 * The built-in test checkout. Without a card provider's keys the server's test gateway charges Stripe's documented
 * test TOKENS (tok_visa…), so the form turns Stripe's documented test card NUMBERS into them; no card data leaves
 * the page. Any other number is a declined card, as it would be with Stripe in test mode.
 */
const TEST_CARD_TOKENS: Readonly<Record<string, string>> = {
  '4242424242424242': 'tok_visa',
  '5555555555554444': 'tok_mastercard',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000009995': 'tok_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'tok_chargeDeclinedExpiredCard',
  '4000000000000127': 'tok_chargeDeclinedIncorrectCvc',
};

const UNKNOWN_TEST_CARD_TOKEN = 'tok_chargeDeclined';

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function testCardToken(cardNumber: string): string {
  return TEST_CARD_TOKENS[digitsOf(cardNumber)] ?? UNKNOWN_TEST_CARD_TOKEN;
}

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed; at most 19 digits (the longest card numbers). */
export function formatCardNumber(input: string): string {
  return digitsOf(input)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30" as it is typed; a lone first digit above 1 is a month: "4" → "04 / ". */
export function formatExpiry(input: string, previous = ''): string {
  let digits = digitsOf(input).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator deletes the month's last digit, or the field could never be emptied past " / ".
  if (previous.endsWith(' / ') && input.length < previous.length && digits.length === 2) digits = digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const CARD_MESSAGES = {
  cardNumber: 'Please enter your card number.',
  cardNumberInvalid: 'Please enter the 12 to 19 digits of your card number.',
  expiry: 'Please enter the expiry date as MM / YY.',
  expired: 'This card has expired. Please use another card.',
  cvc: 'Please enter the 3 or 4 digit security code.',
} as const;

/** The messages to show under the fields, empty when the form may be sent. */
export function cardMessages(values: CardFields, now: Date): Partial<Record<keyof CardFields, string>> {
  const messages: Partial<Record<keyof CardFields, string>> = {};
  const number = digitsOf(values.cardNumber);
  if (number.length === 0) messages.cardNumber = CARD_MESSAGES.cardNumber;
  else if (number.length < 12 || number.length > 19) messages.cardNumber = CARD_MESSAGES.cardNumberInvalid;

  const expiry = /^(\d{2})\D*(\d{2})$/.exec(values.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    messages.expiry = CARD_MESSAGES.expiry;
  } else {
    // A card is valid to the end of its expiry month.
    const year = 2000 + Number(expiry[2]);
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (year * 12 + (month - 1) < thisMonth) messages.expiry = CARD_MESSAGES.expired;
  }

  if (!/^\d{3,4}$/.test(values.cvc.trim())) messages.cvc = CARD_MESSAGES.cvc;
  return messages;
}
