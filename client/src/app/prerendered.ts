/** The attribute the build sets on `#root` when it holds a prerendered page, which the client then hydrates. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The id of the JSON script element holding the API cache of a page rendered on request (the certificate page). */
export const API_CACHE_ELEMENT_ID = 'fairdraw-api-cache';
