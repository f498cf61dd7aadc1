/**
 * The equals check (part 1 §5 "Other inputs"): a field is valid only when it equals another field, as a
 * password confirmation must equal the password. Answers the message to show under the checked field, or null.
 */
export function equalsCheck(value: string, other: string, message: string): string | null {
  return value === other ? null : message;
}
