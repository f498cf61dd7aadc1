import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionUser {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Who is using the page. Until an account is loaded the visitor is anonymous; any 401 from the server raises
 * `loginRequired`, which the shell answers by sending the visitor to the login screen.
 */
export interface SessionState {
  user: SessionUser | null;
  /** Bumped on every 401, so that repeated 401s each trigger a redirect. */
  loginRequiredCount: number;
}

const initialState: SessionState = { user: null, loginRequiredCount: 0 };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userLoaded(state, action: PayloadAction<SessionUser | null>) {
      state.user = action.payload;
    },
    loginRequired(state) {
      state.user = null;
      state.loginRequiredCount += 1;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectLoginRequiredCount: (state) => state.loginRequiredCount,
  },
});

export const { userLoaded, loginRequired } = sessionSlice.actions;
export const { selectUser, selectLoginRequiredCount } = sessionSlice.selectors;
