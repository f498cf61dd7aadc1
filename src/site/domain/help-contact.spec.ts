import { contactReference } from './help-contact.js';

describe('contactReference', () => {
  it('is FD- and the last 8 hex digits of the id, upper case', () => {
    expect(contactReference('0b5e3c1e-8d4f-4a5b-9c7d-2e1f3a4b5c6d')).toBe('FD-3A4B5C6D');
  });
});
