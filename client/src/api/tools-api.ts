import { type SeedResponseDto, toolsGeneratedApi } from './generated/tools';

export type { GenerateRandomNumbersRequestDto, GenerateRandomNumbersResponseDto, HistogramBinDto } from './generated/tools';

/**
 * Nothing of the generators is cached: every seed must be fresh, and a generation changes nothing the page shows
 * elsewhere. (The generated file tags every endpoint 'tools', so each generation would refetch the seed.)
 */
const taggedToolsApi = toolsGeneratedApi.enhanceEndpoints({
  endpoints: {
    getSeed: { providesTags: [], keepUnusedDataFor: 0 },
    generateRandomNumbers: { invalidatesTags: [] },
  },
});

/** A seed request as a value: a wait or an unreachable server is expected, not an error to announce. */
type SeedOutcome =
  | { outcome: 'issued'; seed: string; source: SeedResponseDto['source'] }
  /** Another seed was requested less than 5 s ago (429): the page explains the wait in a modal. */
  | { outcome: 'tooFrequent'; retryAfterSeconds: number }
  /** No usable answer (offline, server error): the page makes a seed in the browser, the second fallback. */
  | { outcome: 'unavailable' };

/**
 * `GET /api/tools/seed` for the generator pages. The generated `getSeed` would reject on the expected 429 and on a
 * lost connection, and every rejection goes through the error middleware, which shows a red notification; the
 * spec wants a modal for the first and a local seed for the second, so this endpoint resolves with the outcome.
 */
const toolsApi = taggedToolsApi.injectEndpoints({
  endpoints: (build) => ({
    requestSeed: build.mutation<SeedOutcome, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/api/tools/seed', cache: 'no-store' });
        if (result.error) {
          if (result.error.status === 429) {
            const retryAfter = Number(result.meta?.response?.headers.get('Retry-After'));
            return { data: { outcome: 'tooFrequent', retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 5 } };
          }
          return { data: { outcome: 'unavailable' } };
        }
        const seed = result.data as SeedResponseDto;
        return { data: { outcome: 'issued', seed: seed.seed, source: seed.source } };
      },
    }),
  }),
});

export const { useGenerateRandomNumbersMutation } = taggedToolsApi;
export const { useRequestSeedMutation } = toolsApi;

/** Where the whole result of a generation downloads (the generators' kind of /download/{kind}/{id}). */
export function numbersDownloadPath(fileName: string, format: 'csv' | 'txt'): string {
  return `/download/numbers/${encodeURIComponent(fileName)}.${format}`;
}
