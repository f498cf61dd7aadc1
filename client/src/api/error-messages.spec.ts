import { FALLBACK_ERROR_MESSAGE, notificationMessagesOf } from './error-messages';

describe('notificationMessagesOf', () => {
  it('gives one message per modelState entry', () => {
    const body = { message: 'first', modelState: { count: ['Count too big.'], seed: ['Seed too short.', 'Seed has spaces.'] } };
    expect(notificationMessagesOf(body)).toEqual(['Count too big.', 'Seed too short. Seed has spaces.']);
  });

  it('gives the message when there is no modelState', () => {
    expect(notificationMessagesOf({ message: 'Draw not found.' })).toEqual(['Draw not found.']);
  });

  it('falls back to the generic message for bodies that are not the envelope', () => {
    expect(notificationMessagesOf('<html>bad gateway</html>')).toEqual([FALLBACK_ERROR_MESSAGE]);
    expect(notificationMessagesOf({ message: '' })).toEqual([FALLBACK_ERROR_MESSAGE]);
  });
});
