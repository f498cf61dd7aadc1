export const DRAW_REPOSITORY = Symbol('DRAW_REPOSITORY');
/** Points where tests may pause an execution (to kill the process mid-draw); nothing happens in production. */
export const DRAW_EXECUTION_HOOKS = Symbol('DRAW_EXECUTION_HOOKS');
