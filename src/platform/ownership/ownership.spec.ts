import { accessTo, type Caller, mayAct, OWNERSHIP, VISITOR } from './ownership.js';

const user = (userId: string, extra: Partial<Caller> = {}): Caller => ({ ...VISITOR, userId, ...extra });

describe('the ownership policy', () => {
  const usersDraw = { ownerUserId: 'u1', clientSession: 'tab-1' };
  const visitorsDraw = { ownerUserId: null, clientSession: 'tab-1' };

  it('gives a draw to its user, to the tab that made it until an account owns it, and to administrators', () => {
    expect(accessTo(user('u1'), usersDraw, OWNERSHIP.draw)).toBe('owner');
    expect(accessTo({ ...VISITOR, clientSession: 'tab-1' }, usersDraw, OWNERSHIP.draw)).toBe('public');
    expect(accessTo({ ...VISITOR, clientSession: 'tab-1' }, visitorsDraw, OWNERSHIP.draw)).toBe('owner');
    expect(accessTo(user('admin', { isAdmin: true }), usersDraw, OWNERSHIP.draw)).toBe('administrator');
    expect(accessTo(user('u2'), usersDraw, OWNERSHIP.draw)).toBe('public');
  });

  it('keeps drafts and uploads from administrators, and an upload with its tab after it is linked', () => {
    expect(mayAct(user('admin', { isAdmin: true }), usersDraw, OWNERSHIP.draft)).toBe(false);
    expect(mayAct(user('admin', { isAdmin: true }), usersDraw, OWNERSHIP.upload)).toBe(false);
    expect(mayAct({ ...VISITOR, clientSession: 'tab-1' }, usersDraw, OWNERSHIP.upload)).toBe(true);
    expect(mayAct({ ...VISITOR, clientSession: 'tab-1' }, usersDraw, OWNERSHIP.draft)).toBe(false);
  });

  it('never matches a missing user or tab with another missing one', () => {
    expect(mayAct(VISITOR, { ownerUserId: null, clientSession: null }, OWNERSHIP.upload)).toBe(false);
    expect(mayAct({ ...VISITOR, userId: '' }, { ownerUserId: '', clientSession: '' }, OWNERSHIP.upload)).toBe(false);
    expect(mayAct(user('u1'), { ownerUserId: 'u1', clientSession: null }, OWNERSHIP.drawDownload)).toBe(true);
    expect(mayAct({ ...user('u2'), clientSession: 'tab-1' }, visitorsDraw, OWNERSHIP.drawDownload)).toBe(false);
  });
});
