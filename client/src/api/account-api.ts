import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { accountGeneratedApi, type AuthenticatedApiResponse, type UserResponseDto } from './generated/account';

export type { ApiKeyResponseDto, CreatedApiKeyResponseDto, UserResponseDto } from './generated/account';

/**
 * Who is using the page is cached as 'Account' and refetched whenever a call may have changed it; API keys are
 * 'ApiKeys'. The generated file tags every endpoint 'account', which would, among others, refetch the account
 * after each 10-second session check: the rules below replace those tags.
 */
const taggedAccountApi = accountGeneratedApi.enhanceEndpoints({
  addTagTypes: ['Account', 'ApiKeys'],
  endpoints: {
    getAccount: { providesTags: ['Account'] },
    register: { invalidatesTags: ['Account'] },
    login: { invalidatesTags: ['Account', 'ApiKeys'] },
    loginOrRegister: { invalidatesTags: ['Account', 'ApiKeys'] },
    logOut: { invalidatesTags: ['Account', 'ApiKeys'] },
    updateAccount: { invalidatesTags: ['Account'] },
    // A reset ends every session of the account, possibly this tab's.
    resetPassword: { invalidatesTags: ['Account'] },
    forgotPassword: { invalidatesTags: [] },
    authenticated: { invalidatesTags: [] },
    // Whether an e-mail has an account is asked at the moment it matters, never answered from an old cache.
    checkEmail: { providesTags: [], keepUnusedDataFor: 0 },
    confirmEmail: { providesTags: [] },
    getApiKeys: { providesTags: ['ApiKeys'] },
    createApiKey: { invalidatesTags: ['ApiKeys'] },
    revokeApiKey: { invalidatesTags: ['ApiKeys'] },
  },
});

/** The 10-second session check as a value: a lapse of the session is expected, not an error to announce. */
export type SessionCheckOutcome =
  | { outcome: 'authenticated'; user: UserResponseDto; version: string }
  /** No answer that says anything (offline, server unreachable, an answer cut off): the session may well be alive. */
  | { outcome: 'unreachable' }
  /** The server answered with a failure: the session is over (part 1 §4, §8). */
  | { outcome: 'ended'; status: number };

/**
 * Part 1 §4 ends the session on a failed check "that is not a network error (status -1)". An answer whose body could
 * not be read, a 200 cut off by a dropped connection or a navigation, is such a network error: ending the session
 * then would log the user out of every tab (the logout ends the server's session) while it was alive.
 */
export function sessionCheckFailure(error: FetchBaseQueryError): SessionCheckOutcome {
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  return typeof status === 'number' && status >= 400 ? { outcome: 'ended', status } : { outcome: 'unreachable' };
}

/**
 * `POST /api/account/authenticated/` for the session check. The generated `authenticated` mutation would
 * reject on the expected 401, and every rejection goes through the error middleware, which answers a 401 by
 * sending the visitor to the login screen and anything else with a notification every 10 seconds. The spec
 * wants a lapsed session sent home with logout set instead, so this endpoint resolves with the outcome.
 */
export const accountApi = taggedAccountApi.injectEndpoints({
  endpoints: (build) => ({
    sessionCheck: build.mutation<SessionCheckOutcome, { clientSession: string }>({
      queryFn: async ({ clientSession }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: '/api/account/authenticated/',
          method: 'POST',
          params: { ts: String(Date.now()) },
          body: { clientSession },
        });
        if (result.error) return { data: sessionCheckFailure(result.error) };
        const answer = result.data as AuthenticatedApiResponse;
        return { data: { outcome: 'authenticated', user: answer.user, version: answer.version } };
      },
    }),
  }),
});

export const {
  useGetAccountQuery,
  useRegisterMutation,
  useLoginMutation,
  useLoginOrRegisterMutation,
  useLazyCheckEmailQuery,
  useLogOutMutation,
  useUpdateAccountMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} = accountApi;
