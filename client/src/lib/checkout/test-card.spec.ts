import { CARD_MESSAGES, cardMessages, formatCardNumber, formatExpiry, testCardToken } from './test-card';

describe('testCardToken', () => {
  it("maps Stripe's documented test card numbers to Stripe's test tokens, spaces or not", () => {
    expect(testCardToken('4242424242424242')).toBe('tok_visa');
    expect(testCardToken('4242 4242 4242 4242')).toBe('tok_visa');
    expect(testCardToken('5555-5555-5555-4444')).toBe('tok_mastercard');
    expect(testCardToken('4000000000000002')).toBe('tok_chargeDeclined');
    expect(testCardToken('4000000000009995')).toBe('tok_chargeDeclinedInsufficientFunds');
    expect(testCardToken('4000000000000069')).toBe('tok_chargeDeclinedExpiredCard');
    expect(testCardToken('4000000000000127')).toBe('tok_chargeDeclinedIncorrectCvc');
  });

  it('declines any other number', () => {
    expect(testCardToken('4111111111111111')).toBe('tok_chargeDeclined');
    expect(testCardToken('')).toBe('tok_chargeDeclined');
  });
});

describe('card field formatting', () => {
  it('groups the card number in fours and stops at 19 digits', () => {
    expect(formatCardNumber('42424242')).toBe('4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242x4242')).toBe('4242 4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('writes the expiry as MM / YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12/301')).toBe('12 / 30');
    // Backspace over the separator removes the month's last digit.
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });
});

describe('cardMessages', () => {
  const now = new Date(2026, 4, 15);
  const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

  it('accepts a complete card', () => {
    expect(cardMessages(good, now)).toEqual({});
    expect(cardMessages({ ...good, expiry: '05/26', cvc: '1234' }, now)).toEqual({});
  });

  it('asks for each missing or malformed field', () => {
    expect(cardMessages({ cardNumber: '', expiry: '', cvc: '' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.cardNumber,
      expiry: CARD_MESSAGES.expiry,
      cvc: CARD_MESSAGES.cvc,
    });
    expect(cardMessages({ ...good, cardNumber: '4242 4242' }, now).cardNumber).toBe(CARD_MESSAGES.cardNumberInvalid);
    expect(cardMessages({ ...good, expiry: '13 / 30' }, now).expiry).toBe(CARD_MESSAGES.expiry);
    expect(cardMessages({ ...good, cvc: '12' }, now).cvc).toBe(CARD_MESSAGES.cvc);
  });

  it('refuses a card whose expiry month has passed, but not the current month', () => {
    expect(cardMessages({ ...good, expiry: '04 / 26' }, now).expiry).toBe(CARD_MESSAGES.expired);
    expect(cardMessages({ ...good, expiry: '05 / 26' }, now).expiry).toBeUndefined();
  });
});
