import { equalsCheck } from './equals-check';

describe('equals check', () => {
  const message = 'The passwords do not match.';

  it('passes when both fields hold the same text', () => {
    expect(equalsCheck('secret', 'secret', message)).toBeNull();
    expect(equalsCheck('', '', message)).toBeNull();
  });

  it('fails with the given message otherwise, an empty confirmation included', () => {
    expect(equalsCheck('secret', 'Secret', message)).toBe(message);
    expect(equalsCheck('', 'secret', message)).toBe(message);
    expect(equalsCheck('secret ', 'secret', message)).toBe(message);
  });
});
