/** Ids of draws, invoices and payments: UUIDs, any version. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client-made token (a tab's clientSession, an idempotency key): URL-safe characters, 8 to 64 of them. */
export const CLIENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
