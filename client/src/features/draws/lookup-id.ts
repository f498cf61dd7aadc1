/** Part 2 §5, §8: the lookup's messages. */
export const LOOKUP_MESSAGES = {
  invalid: 'Please enter a valid 12-digit hexadecimal ID.',
  notFound: 'Draw not found.',
  humanCheck: 'An error occurred. Please try again.',
} as const;

/**
 * Part 2 §5: spaces and a leading # are stripped; what is left must end in 12 hexadecimal characters. A whole draw
 * id (a UUID ends in its 12-digit display id) is accepted too, as the server does. Answers the cleaned text to send,
 * or null when it cannot be a draw id.
 */
export function cleanLookupId(input: string): string | null {
  const cleaned = input.replace(/\s+/g, '').replace(/^#/, '');
  return /[0-9a-fA-F]{12}$/.test(cleaned) ? cleaned : null;
}
