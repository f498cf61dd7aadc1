/** The error envelope of the server: `{ message, modelState? }` (DESIGN.md "Contracts shared by several modules"). */
export interface ErrorEnvelope {
  message?: string;
  modelState?: Record<string, string[]>;
}

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong, please try again or contact us for assistance.';

function isEnvelope(value: unknown): value is ErrorEnvelope {
  return typeof value === 'object' && value !== null && ('message' in value || 'modelState' in value);
}

/**
 * What the visitor is told about a failed call: one message per modelState entry, else the message,
 * else the generic fallback (part 1 §8).
 */
export function notificationMessagesOf(body: unknown): string[] {
  if (!isEnvelope(body)) return [FALLBACK_ERROR_MESSAGE];
  const fromModelState = Object.values(body.modelState ?? {})
    .map((messages) => messages.filter(Boolean).join(' '))
    .filter((message) => message.length > 0);
  if (fromModelState.length > 0) return fromModelState;
  return [body.message || FALLBACK_ERROR_MESSAGE];
}
