/** A message sent through the contact form (part 1 §7 "CreateHelpContact"). */
export const HELP_TOPICS = ['draw', 'billing', 'account', 'api', 'compliance', 'other'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const HELP_TOPIC_LABELS: Record<HelpTopic, string> = {
  draw: 'A draw I have run or scheduled',
  billing: 'Payments, credits and invoices',
  account: 'My account',
  api: 'The API',
  compliance: 'Compliance and certificates',
  other: 'Something else',
};

export interface NewHelpContact {
  name: string;
  email: string;
  organisation: string | null;
  phone: string | null;
  topic: HelpTopic;
  /** The draw's 12-digit display id, when the question is about one. */
  drawId: string | null;
  message: string;
  countryCode: string;
  /** The signed-in user who sent it, if any. */
  userId: string | null;
}

export interface HelpContact extends NewHelpContact {
  id: string;
  reference: string;
  createdAt: Date;
}

/** A short reference the customer can quote, from the row's id. */
export function contactReference(id: string): string {
  return 'FD-' + id.replace(/-/g, '').slice(-8).toUpperCase();
}
