import type { UnknownAction } from '@reduxjs/toolkit';
import type { UserResponseDto } from '../../api/account-api';
import { loginRequired, sessionEnding, sessionSlice, type SessionState, toSessionUser } from './session-slice';

const reduce = (actions: UnknownAction[], from?: SessionState) => actions.reduce(sessionSlice.reducer, from ?? sessionSlice.getInitialState());

function dto(overrides: Partial<UserResponseDto> = {}): UserResponseDto {
  return {
    email: 'alex@agency.example',
    firstName: 'Alex',
    lastName: 'Doe',
    optedIntoCommunication: true,
    remainingCredits: 3,
    apiEnabled: false,
    isAdmin: false,
    emailConfirmed: false,
    isAgent: false,
    agentOrganisation: null,
    address: null,
    ...overrides,
  };
}

const visitor = dto({ email: null, firstName: null, lastName: null, remainingCredits: 0, optedIntoCommunication: false });

/** The actions RTK Query dispatches when an endpoint answers. */
const answered = (kind: 'Query' | 'Mutation', endpointName: string, payload: unknown): UnknownAction => ({
  type: `api/execute${kind}/fulfilled`,
  payload,
  meta: { arg: { endpointName, type: kind.toLowerCase() }, requestId: 'r', requestStatus: 'fulfilled' },
});

const refused = (endpointName: string, condition: boolean): UnknownAction => ({
  type: 'api/executeQuery/rejected',
  payload: undefined,
  error: {},
  meta: { arg: { endpointName, type: 'query' }, requestId: 'r', requestStatus: 'rejected', condition, aborted: false, rejectedWithValue: !condition },
});

describe('session slice', () => {
  it('reads a visitor as nobody and a user as the spec User', () => {
    expect(toSessionUser(visitor)).toBeNull();
    expect(toSessionUser(dto())).toEqual({
      email: 'alex@agency.example',
      firstName: 'Alex',
      lastName: 'Doe',
      optedIntoCommunication: true,
      remainingCredits: 3,
      apiEnabled: false,
      isAdmin: false,
      emailConfirmed: false,
    });
  });

  it('is loaded once the account answers, for users and visitors alike', () => {
    expect(sessionSlice.getInitialState().loaded).toBe(false);
    expect(reduce([answered('Query', 'getAccount', visitor)])).toMatchObject({ loaded: true, user: null });
    expect(reduce([answered('Query', 'getAccount', dto())])).toMatchObject({ loaded: true, user: { email: 'alex@agency.example' } });
  });

  it('counts a failed account load as loaded, but not a request that was merely deduplicated', () => {
    expect(reduce([refused('getAccount', true)]).loaded).toBe(false);
    expect(reduce([refused('getAccount', false)]).loaded).toBe(true);
  });

  it('takes the user from login, register, update and the wizard step', () => {
    expect(reduce([answered('Mutation', 'login', dto())]).user?.email).toBe('alex@agency.example');
    expect(reduce([answered('Mutation', 'register', dto({ firstName: 'Sam' }))]).user?.firstName).toBe('Sam');
    expect(reduce([answered('Mutation', 'updateAccount', dto({ lastName: 'Roe' }))]).user?.lastName).toBe('Roe');
    expect(reduce([answered('Mutation', 'loginOrRegister', { user: dto(), registered: true })]).user?.email).toBe('alex@agency.example');
  });

  it('keeps the same state when the session check brings the same user, and never revives a removed one', () => {
    const loggedIn = reduce([answered('Query', 'getAccount', dto())]);
    const check = answered('Mutation', 'sessionCheck', { outcome: 'authenticated', user: dto(), version: '0.1.0' });
    expect(reduce([check], loggedIn)).toBe(loggedIn);
    expect(reduce([check], loggedIn).user).toBe(loggedIn.user);
    expect(reduce([loginRequired(), check], loggedIn).user).toBeNull();
  });

  it('forgets the user when logging out and ignores late answers meanwhile', () => {
    const loggedIn = reduce([answered('Query', 'getAccount', dto())]);
    const ending = reduce([sessionEnding(), answered('Query', 'getAccount', dto())], loggedIn);
    expect(ending).toMatchObject({ ending: true, user: null });
  });

  it('counts 401s so that each one sends the visitor to login', () => {
    const state = reduce([loginRequired(), loginRequired()]);
    expect(state.loginRequiredCount).toBe(2);
  });
});
