import type { Address, EmailChange, User, UserRole } from '../../domain/user.js';

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

export interface UserRepository {
  findById(id: string): Promise<User | null>;
  /** A user from its row as read with the session (row_to_json of the users table). */
  fromRow(row: Record<string, unknown>): User;
  findByEmail(email: string): Promise<User | null>;
  /** The user and the password hash to check a login against. */
  findCredentials(email: string): Promise<{ user: User; passwordHash: string } | null>;
  /** Null when the e-mail is already registered (the unique index decides, so two concurrent sign-ups cannot both win). */
  create(user: NewUser): Promise<User | null>;
  updateProfile(id: string, changes: ProfileChanges): Promise<User>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  markEmailConfirmed(id: string, at: Date): Promise<void>;
  setRole(id: string, role: UserRole): Promise<void>;
  setApiEnabled(id: string, apiEnabled: boolean): Promise<void>;
  /**
   * Replaces the e-mail (unconfirmed again) and records the old one in the e-mail history, in one transaction.
   * 'taken' when another account has the new address; null when the user does not exist.
   */
  changeEmail(id: string, email: string, changedBy: string, at: Date): Promise<{ previousEmail: string } | 'taken' | null>;
  /** The addresses the account had before, latest change first. */
  emailHistory(id: string): Promise<EmailChange[]>;
}
