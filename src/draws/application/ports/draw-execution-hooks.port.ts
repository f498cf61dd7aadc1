export interface DrawExecutionHooks {
  /** Called with the winners computed and not yet stored, while the draw is locked. */
  beforeCommit(drawId: string): Promise<void>;
}

export const noExecutionHooks: DrawExecutionHooks = { beforeCommit: async () => undefined };
