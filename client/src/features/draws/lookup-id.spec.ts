import { cleanLookupId } from './lookup-id';

describe('cleanLookupId', () => {
  it('strips spaces and a leading #', () => {
    expect(cleanLookupId('#1A2B 3C4D 5E6F')).toBe('1A2B3C4D5E6F');
    expect(cleanLookupId('  # 1a2b3c4d5e6f ')).toBe('1a2b3c4d5e6f');
  });

  it('accepts a whole draw id, which ends in the display id', () => {
    expect(cleanLookupId('0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d')).toBe('0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d');
  });

  it('refuses anything that does not end in 12 hex digits', () => {
    expect(cleanLookupId('')).toBeNull();
    expect(cleanLookupId('1A2B3C4D5E6')).toBeNull();
    expect(cleanLookupId('1A2B3C4D5E6G')).toBeNull();
    expect(cleanLookupId('##1A2B3C4D5E6F0')).toBe('#1A2B3C4D5E6F0');
    expect(cleanLookupId('1A2B3C4D5E6F!')).toBeNull();
  });
});
