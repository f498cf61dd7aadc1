import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The base every generated endpoint file injects into; tags and cache rules are added in client/src/api/*-api.ts. */
export const emptyApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/', credentials: 'same-origin' }),
  endpoints: () => ({}),
});
