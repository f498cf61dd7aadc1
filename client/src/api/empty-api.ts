import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The API cache a page was rendered with on the server (client/src/prerender/prerender.tsx), given back to the
 * browser's store before it hydrates that page: the first render then reads the same data, with no request.
 */
export const apiCacheRestored = createAction<Record<string, unknown>>('api/cacheRestored');

/** The base every generated endpoint file injects into; tags and cache rules are added in client/src/api/*-api.ts. */
export const emptyApi = createApi({
  reducerPath: 'api',
  // A draw's public answers may be kept for a minute (issue 26): that is for shared caches in front of the site. The
  // app asks again each time (a 304 when nothing changed), so a reload shows an unpublished or rebranded page at once.
  baseQuery: fetchBaseQuery({ baseUrl: '/', credentials: 'same-origin', cache: 'no-cache' }),
  endpoints: () => ({}),
  // RTK Query's rehydration: only fulfilled (or rejected) entries of the payload's slice are taken.
  extractRehydrationInfo(action, { reducerPath }) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the slice's state as the server's store held it
    if (apiCacheRestored.match(action)) return action.payload[reducerPath] as any;
  },
});
