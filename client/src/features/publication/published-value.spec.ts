import { publishedValue } from '../../../../libs/rules/src/index';
import { cleanColumnNameInput } from './published-value';

describe('published values in the preview', () => {
  it('truncates later words to initials and upper-cases as the server does', () => {
    expect(publishedValue(' Mary Jane  Smith', true, false)).toBe('Mary J. S.');
    expect(publishedValue('Mary Smith', true, true)).toBe('MARY S.');
    expect(publishedValue('Mary Smith', false, false)).toBe('Mary Smith');
  });

  it('strips pipes and keeps 30 characters of a column name', () => {
    expect(cleanColumnNameInput('Na|me')).toBe('Name');
    expect(cleanColumnNameInput('x'.repeat(40))).toHaveLength(30);
  });
});
