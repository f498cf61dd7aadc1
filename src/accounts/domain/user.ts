/** The roles of part 1 §6: a visitor has no user; apiEnabled is a flag of a user, admin a role. */
export type UserRole = 'user' | 'admin';

export interface Address {
  lineOne: string | null;
  lineTwo: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  countryCode: string | null;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAgent: boolean;
  agentOrganisation: string | null;
  optedIntoCommunication: boolean;
  role: UserRole;
  apiEnabled: boolean;
  emailConfirmedAt: Date | null;
  address: Address;
  createdAt: Date;
}

/** Part 2 §3 "Email history": an address the account had until `dateChangedFrom`, and who changed it. */
export interface EmailChange {
  email: string;
  newEmail: string;
  dateChangedFrom: Date;
  changedBy: string;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isAgent: boolean;
  agentOrganisation: string | null;
  optedIntoCommunication: boolean;
  role?: UserRole;
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  isAgent?: boolean;
  agentOrganisation?: string | null;
  optedIntoCommunication?: boolean;
  address?: Address;
}

/** E-mail addresses are compared without regard to case, and stored trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
