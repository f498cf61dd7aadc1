/** Ids of draws, invoices and payments: UUIDs, any version. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { CLIENT_TOKEN_PATTERN } from '#rules';
