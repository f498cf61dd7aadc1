import { emptyScrutineer, missingScrutineerFields, prefillLabel, scrutineerFieldsOf, scrutineerPayload } from './scrutineer-rules';

describe('scrutineer rules', () => {
  it('requires first name, last name and an e-mail address', () => {
    expect(missingScrutineerFields(emptyScrutineer())).toEqual(['firstName', 'lastName', 'emailAddress']);
    expect(missingScrutineerFields({ ...emptyScrutineer(), firstName: ' Jo ', lastName: 'Lee', emailAddress: 'jo@example' })).toEqual(['emailAddress']);
    expect(missingScrutineerFields({ ...emptyScrutineer(), firstName: 'Jo', lastName: 'Lee', emailAddress: ' jo@example.com ' })).toEqual([]);
  });

  it('sends trimmed values with blank extras as null', () => {
    expect(scrutineerPayload({ firstName: ' Jo ', lastName: 'Lee ', emailAddress: ' jo@example.com', qualification: ' ', notes: ' n ' })).toEqual({
      firstName: 'Jo',
      lastName: 'Lee',
      emailAddress: 'jo@example.com',
      qualification: null,
      notes: 'n',
    });
  });

  it('reads a server scrutineer and labels prefills', () => {
    const dto = { firstName: 'Jo', lastName: 'Lee', emailAddress: 'jo@example.com', qualification: null };
    expect(scrutineerFieldsOf(dto)).toEqual({ firstName: 'Jo', lastName: 'Lee', emailAddress: 'jo@example.com', qualification: '', notes: '' });
    expect(prefillLabel(dto)).toBe('Jo Lee (jo@example.com)');
  });
});
