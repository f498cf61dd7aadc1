/** The server secret of entry check digests (ENTRY_CHECK_SECRET, or one generated into DATA_DIR outside production). */
export const ENTRY_CHECK_SECRET = Symbol('ENTRY_CHECK_SECRET');
