import { FALLBACK_ERROR_MESSAGE } from '../../api/error-messages';

/** A form's messages: one under each field that caused one, and one for the form as a whole. */
export interface FormErrors<Field extends string> {
  fields: Partial<Record<Field, string>>;
  form: string | null;
}

interface FailedCall {
  status?: number | string;
  data?: unknown;
}

function isFailedCall(value: unknown): value is FailedCall {
  return typeof value === 'object' && value !== null && 'status' in value;
}

/**
 * Places a failed call's messages (part 1 §8 "shown as returned"): modelState entries of the form's fields go
 * under those fields (nested server names like `address.postcode` are matched as written); any other entry, or a
 * plain message, belongs to the form. A call that never reached the server gets the generic fallback.
 */
export function formErrorsOf<Field extends string>(error: unknown, fields: readonly Field[]): FormErrors<Field> {
  const result: FormErrors<Field> = { fields: {}, form: null };
  if (!isFailedCall(error) || typeof error.data !== 'object' || error.data === null) {
    result.form = FALLBACK_ERROR_MESSAGE;
    return result;
  }
  const body = error.data as { message?: unknown; modelState?: unknown };
  const others: string[] = [];
  if (typeof body.modelState === 'object' && body.modelState !== null) {
    for (const [name, messages] of Object.entries(body.modelState as Record<string, unknown>)) {
      const text = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m !== '').join(' ');
      if (!text) continue;
      if ((fields as readonly string[]).includes(name)) result.fields[name as Field] = text;
      else if (!others.includes(text)) others.push(text);
    }
  }
  if (others.length > 0) result.form = others.join(' ');
  else if (Object.keys(result.fields).length === 0) result.form = typeof body.message === 'string' && body.message ? body.message : FALLBACK_ERROR_MESSAGE;
  return result;
}

/** Whether any message is set. */
export function hasErrors<Field extends string>(errors: FormErrors<Field>): boolean {
  return errors.form !== null || Object.values(errors.fields).some(Boolean);
}

/** The HTTP status of a failed call, if it got an answer. */
export function statusOf(error: unknown): number | undefined {
  return isFailedCall(error) && typeof error.status === 'number' ? error.status : undefined;
}
