/** The attribute the build sets on `#root` when it holds a prerendered page, which the client then hydrates. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
