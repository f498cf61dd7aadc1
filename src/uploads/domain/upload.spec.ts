import { canAccess } from './upload.js';

describe('who may read an upload', () => {
  const anonymous = { clientSession: 'tab-one-session', ownerUserId: null };
  const owned = { clientSession: 'tab-one-session', ownerUserId: 'user-1' };

  it('the client session that made it', () => {
    expect(canAccess(anonymous, { clientSession: 'tab-one-session' })).toBe(true);
    expect(canAccess(anonymous, { clientSession: 'tab-two-session' })).toBe(false);
    expect(canAccess(anonymous, {})).toBe(false);
  });

  it('its owner, from any tab', () => {
    expect(canAccess(owned, { clientSession: 'tab-two-session', userId: 'user-1' })).toBe(true);
    expect(canAccess(owned, { userId: 'user-2' })).toBe(false);
    // An anonymous upload is nobody's by user id.
    expect(canAccess(anonymous, { userId: 'user-1' })).toBe(false);
    expect(canAccess({ clientSession: 'x-session', ownerUserId: '' }, { userId: '' })).toBe(false);
  });
});
