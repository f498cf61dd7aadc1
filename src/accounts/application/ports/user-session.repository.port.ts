export interface UserSessionRepository {
  /** Ends every session of the user (after a password reset), except the one given. */
  destroyAllFor(userId: string, exceptSessionId?: string): Promise<void>;
}
