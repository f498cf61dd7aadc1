/** Part 2 §3 Scrutineer and §5: first name, last name and e-mail are required, with one message for all three. */
export const SCRUTINEER_REQUIRED = 'Please fill in all required fields.';

export interface ScrutineerFields {
  firstName: string;
  lastName: string;
  emailAddress: string;
  qualification: string;
  notes: string;
}

export type ScrutineerField = keyof ScrutineerFields;

export const SCRUTINEER_LIMITS: Record<ScrutineerField, number> = {
  firstName: 100,
  lastName: 100,
  emailAddress: 254,
  qualification: 200,
  notes: 2000,
};

export function emptyScrutineer(): ScrutineerFields {
  return { firstName: '', lastName: '', emailAddress: '', qualification: '', notes: '' };
}

/** A scrutineer as the server answers it (nullable extras) in the form's shape. */
export function scrutineerFieldsOf(dto: { firstName: string; lastName: string; emailAddress: string; qualification?: string | null; notes?: string | null }): ScrutineerFields {
  return { firstName: dto.firstName, lastName: dto.lastName, emailAddress: dto.emailAddress, qualification: dto.qualification ?? '', notes: dto.notes ?? '' };
}

// The server checks e-mail addresses the same way (class-validator's IsEmail) and answers the same message.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The required fields that are blank (or, for the e-mail, not an address); empty when the form may be sent. */
export function missingScrutineerFields(fields: ScrutineerFields): ScrutineerField[] {
  const missing: ScrutineerField[] = [];
  if (!fields.firstName.trim()) missing.push('firstName');
  if (!fields.lastName.trim()) missing.push('lastName');
  if (!EMAIL.test(fields.emailAddress.trim())) missing.push('emailAddress');
  return missing;
}

/** What is sent: trimmed, with blank extras as null. */
export function scrutineerPayload(fields: ScrutineerFields) {
  return {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    emailAddress: fields.emailAddress.trim(),
    qualification: fields.qualification.trim() || null,
    notes: fields.notes.trim() || null,
  };
}

/** "Jane Citizen (jane@example.com)", for the prefill menu; prefills are one per e-mail, latest first. */
export function prefillLabel(dto: { firstName: string; lastName: string; emailAddress: string }): string {
  return `${dto.firstName} ${dto.lastName} (${dto.emailAddress})`;
}
