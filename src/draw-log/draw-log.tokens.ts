export const DRAW_LOG_STORE = Symbol('DrawLogStore');
export const DRAW_LOG_SIGNER = Symbol('DrawLogSigner');
