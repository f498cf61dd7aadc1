import { allowsKey, characterPattern, keepMatching } from './restrict-to';

describe('restrict-to input rule', () => {
  const digits = /[0-9]/;

  it('lets matching characters through and blocks others', () => {
    expect(allowsKey({ key: '7' }, digits)).toBe(true);
    expect(allowsKey({ key: 'a' }, digits)).toBe(false);
    expect(allowsKey({ key: ' ' }, digits)).toBe(false);
  });

  it('never blocks editing keys, shortcuts or keys a virtual keyboard cannot name', () => {
    for (const key of ['Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter', 'Home', 'Unidentified']) {
      expect(allowsKey({ key }, digits)).toBe(true);
    }
    expect(allowsKey({ key: 'v', ctrlKey: true }, digits)).toBe(true);
    expect(allowsKey({ key: 'a', metaKey: true }, digits)).toBe(true);
  });

  it('judges an AltGr character like any other character', () => {
    expect(allowsKey({ key: 'é', altKey: true }, /[a-z]/)).toBe(false);
  });

  it('filters pasted text character by character, astral characters included', () => {
    expect(keepMatching('12 34-5a6', digits)).toBe('123456');
    expect(keepMatching('SW1A 1AA!', /[A-Za-z0-9 ]/)).toBe('SW1A 1AA');
    expect(keepMatching('a😀b', /[a-z]/)).toBe('ab');
    expect(keepMatching('', digits)).toBe('');
  });

  it('anchors the pattern and ignores global and sticky flags, so repeated tests agree', () => {
    const pattern = characterPattern(/[0-9]/g);
    expect(pattern.flags).not.toContain('g');
    expect(pattern.test('1')).toBe(true);
    expect(pattern.test('1')).toBe(true);
    expect(characterPattern(/[0-9]|x/).test('1x')).toBe(false);
    expect(keepMatching('ABC', /[a-z]/i)).toBe('ABC');
  });
});
