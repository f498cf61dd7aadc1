import type { RngModelState } from '../../../../libs/rules/src/index';

/** The one message under each field, from a verdict of the rules. */
export function firstMessages(modelState: RngModelState): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(modelState)) if (messages?.[0]) fields[field] = messages[0];
  return fields;
}
