import { sessionCheckFailure } from './account-api';

describe('sessionCheckFailure', () => {
  it('ends the session on an answer of the server that says no, read or not', () => {
    expect(sessionCheckFailure({ status: 401, data: { message: 'Please log in.' } })).toEqual({ outcome: 'ended', status: 401 });
    expect(sessionCheckFailure({ status: 500, data: { message: 'Something went wrong.' } })).toEqual({ outcome: 'ended', status: 500 });
    // A proxy's HTML error page cannot be read as JSON, but it is an answer.
    expect(sessionCheckFailure({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>Bad gateway</html>', error: 'SyntaxError' })).toEqual({ outcome: 'ended', status: 502 });
  });

  it('keeps the session when nothing was answered, or the answer was cut off on its way', () => {
    expect(sessionCheckFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({ outcome: 'unreachable' });
    expect(sessionCheckFailure({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toEqual({ outcome: 'unreachable' });
    expect(sessionCheckFailure({ status: 'PARSING_ERROR', originalStatus: 200, data: '{"user":{', error: 'SyntaxError' })).toEqual({ outcome: 'unreachable' });
  });
});
