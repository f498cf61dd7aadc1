import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { accountApi, type UserResponseDto } from '../../api/account-api';

/** The User of part 1 §3 as the page knows it, plus what the menus need (admin, confirmed e-mail). */
export interface SessionUser {
  email: string;
  firstName: string;
  lastName: string;
  optedIntoCommunication: boolean;
  remainingCredits: number;
  apiEnabled: boolean;
  isAdmin: boolean;
  emailConfirmed: boolean;
}

/**
 * Who is using the page. Until the first answer about the account arrives (`loaded`, the spec's "loaded flag")
 * nobody can tell a visitor from a user, so private screens wait. Any 401 from the server raises
 * `loginRequired`, which the shell answers by sending the visitor to the login screen.
 */
export interface SessionState {
  user: SessionUser | null;
  loaded: boolean;
  /** A logout is under way and the page is about to reload home: screens must not react to the lost user. */
  ending: boolean;
  /** Bumped on every 401, so that repeated 401s each trigger a redirect. */
  loginRequiredCount: number;
}

const initialState: SessionState = { user: null, loaded: false, ending: false, loginRequiredCount: 0 };

/** The server answers a visitor with every personal field null: that is "nobody", not a user without e-mail. */
export function toSessionUser(dto: UserResponseDto | null | undefined): SessionUser | null {
  if (!dto?.email) return null;
  return {
    email: dto.email,
    firstName: dto.firstName ?? '',
    lastName: dto.lastName ?? '',
    optedIntoCommunication: dto.optedIntoCommunication,
    remainingCredits: dto.remainingCredits,
    apiEnabled: dto.apiEnabled,
    isAdmin: dto.isAdmin,
    emailConfirmed: dto.emailConfirmed,
  };
}

/** Field by field, so that the same answer every 10 seconds leaves the state (and every subscriber) untouched. */
function setUser(state: SessionState, user: SessionUser | null): void {
  state.loaded = true;
  if (user && state.user) Object.assign(state.user, user);
  else state.user = user;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userLoaded(state, action: PayloadAction<SessionUser | null>) {
      setUser(state, action.payload);
    },
    sessionEnding(state) {
      state.ending = true;
      state.user = null;
    },
    loginRequired(state) {
      state.user = null;
      state.loginRequiredCount += 1;
    },
  },
  extraReducers: (builder) => {
    const { getAccount, login, register, updateAccount, loginOrRegister, sessionCheck } = accountApi.endpoints;
    builder
      .addMatcher(getAccount.matchFulfilled, (state, action) => {
        if (!state.ending) setUser(state, toSessionUser(action.payload));
      })
      .addMatcher(getAccount.matchRejected, (state, action) => {
        // A refused condition only means the answer is already cached or on its way.
        if (!action.meta.condition) state.loaded = true;
      })
      .addMatcher(login.matchFulfilled, (state, action) => setUser(state, toSessionUser(action.payload)))
      .addMatcher(register.matchFulfilled, (state, action) => setUser(state, toSessionUser(action.payload)))
      .addMatcher(updateAccount.matchFulfilled, (state, action) => setUser(state, toSessionUser(action.payload)))
      .addMatcher(loginOrRegister.matchFulfilled, (state, action) => setUser(state, toSessionUser(action.payload.user)))
      .addMatcher(sessionCheck.matchFulfilled, (state, action) => {
        // Only keeps a known user fresh: a late answer must not bring back a user a 401 has just removed.
        if (action.payload.outcome === 'authenticated' && state.user && !state.ending) setUser(state, toSessionUser(action.payload.user));
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectSessionLoaded: (state) => state.loaded,
    selectSessionEnding: (state) => state.ending,
    selectLoginRequiredCount: (state) => state.loginRequiredCount,
  },
});

export const { sessionEnding, loginRequired } = sessionSlice.actions;
export const { selectUser, selectSessionLoaded, selectSessionEnding, selectLoginRequiredCount } = sessionSlice.selectors;
