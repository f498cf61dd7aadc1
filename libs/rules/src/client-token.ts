/**
 * A client-made token (a tab's clientSession, an idempotency key): URL-safe characters, 8 to 64 of them. The server
 * refuses any other; the client makes a new one when what it kept does not match.
 */
export const CLIENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
