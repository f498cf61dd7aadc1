import { detectSensitiveColumns, luhnValid, sensitiveKindOfHeader, sensitiveKindOfValue } from './sensitive-columns.js';

describe('sensitive columns', () => {
  it('recognises personal data from header names', () => {
    const cases: [string, string | null][] = [
      ['Email', 'email'],
      ['E-Mail Address', 'email'],
      ['email_address', 'email'],
      ['Mobile', 'phone'],
      ['Phone Number', 'phone'],
      ['Tel', 'phone'],
      ['Street Address', 'address'],
      ['Address Line 1', 'address'],
      ['address1', 'address'],
      ['DOB', 'dateOfBirth'],
      ['Date of Birth', 'dateOfBirth'],
      ['Birthday', 'dateOfBirth'],
      ['Credit Card Number', 'payment'],
      ['IBAN', 'payment'],
      ['BSB', 'payment'],
      ['Name', null],
      ['First name', null],
      ['Tickets', null],
      ['Member ID', null],
      ['State', null],
      ['Postcode', null],
      ['Entry date', null],
    ];
    for (const [name, kind] of cases) expect([name, sensitiveKindOfHeader(name)]).toEqual([name, kind]);
  });

  it('recognises e-mail addresses, phone numbers, street addresses and card numbers from values', () => {
    expect(sensitiveKindOfValue('ann.lee@example.com')).toBe('email');
    expect(sensitiveKindOfValue('+61 412 345 678')).toBe('phone');
    expect(sensitiveKindOfValue('0412345678')).toBe('phone');
    expect(sensitiveKindOfValue('(02) 9876-5432')).toBe('phone');
    expect(sensitiveKindOfValue('12 Smith Street')).toBe('address');
    expect(sensitiveKindOfValue('3/45 Queen St, Brisbane')).toBe('address');
    expect(sensitiveKindOfValue('PO Box 123')).toBe('address');
    expect(sensitiveKindOfValue('4111 1111 1111 1111')).toBe('payment');
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('leaves ordinary values alone: ids, counts, dates, names, places', () => {
    for (const value of ['M00012345', '12345678', '3', '2024-01-15', '15/01/2024', 'John Smith', 'Sydney', 'NSW 2000', '4111111111111112', 'abc@', '']) {
      expect([value, sensitiveKindOfValue(value)]).toEqual([value, null]);
    }
  });

  it('marks a column when its header says so or at least half its values look personal', () => {
    const names = ['Contact', 'Name', 'Tickets', 'Member', 'Notes'];
    const rows = [names, ['ann@example.com', 'Ann', '3', 'M1', 'called 0412 345 678'], ['bob@example.com', 'Bob', '1', 'M2', ''], ['n/a', 'Cy', '2', 'M3', 'likes cats']];
    expect(detectSensitiveColumns(names, rows)).toEqual(['email', null, null, null, null]);
    expect(detectSensitiveColumns(['Phone', 'x'], [['Phone', 'x']])).toEqual(['phone', null]);
  });

  it('counts the kinds together: a column of e-mails and phone numbers is personal though neither alone is half', () => {
    const rows = [['ann@example.com'], ['bob@example.com'], ['0412 345 678'], ['+61 2 9555 1234'], ['ask at desk'], ['0413 111 222']];
    expect(detectSensitiveColumns(['Contact'], rows)).toEqual(['phone']);
    expect(detectSensitiveColumns(['Contact'], [['ann@example.com'], ['0412 345 678'], ['n/a'], ['none'], ['-']])).toEqual([null]);
  });

  it('reads a long run of digits as no address, and addresses with numbers as before', () => {
    // Its time (linear since the street rule stopped backtracking) is a figure of `npm run bench -- entries`.
    expect(sensitiveKindOfValue('1'.repeat(2_000) + 'x')).toBeNull();
    expect(sensitiveKindOfValue('1'.repeat(2_000) + ' Main St')).toBe('address');
    expect(sensitiveKindOfValue('12 Main St')).toBe('address');
    expect(sensitiveKindOfValue('12-14b Long Road, Perth')).toBe('address');
  });
});
