/** The user's unused credits, provided by billing (accounts must not depend on the billing module). */
export interface CreditBalance {
  remainingCredits(userId: string): Promise<number>;
}
