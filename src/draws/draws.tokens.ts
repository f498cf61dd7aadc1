export const DRAW_REPOSITORY = Symbol('DRAW_REPOSITORY');
export const DRAFT_REPOSITORY = Symbol('DRAFT_REPOSITORY');
export const SCRUTINEER_REPOSITORY = Symbol('SCRUTINEER_REPOSITORY');
export const WINNER_STORE = Symbol('WINNER_STORE');
/** Points where tests may pause an execution (to kill the process mid-draw); nothing happens in production. */
export const DRAW_EXECUTION_HOOKS = Symbol('DRAW_EXECUTION_HOOKS');
