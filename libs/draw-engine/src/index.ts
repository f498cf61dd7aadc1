export type { PrizeSpec, DrawInput, DrawOutcome } from './types.js';
export { DrawInputError, type DrawInputErrorCode } from './draw-input-error.js';
export { runDraw } from './run-draw.js';
