import { contrastRatio } from '#rules';
import { contrastWarnings } from './branding.js';

// The serialisation's vectors are libs/rules/test/branding.spec.ts.
describe('branding contrast', () => {
  it('warns below 4.5:1 for page vs text and page vs a text logo', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21);
    expect(contrastWarnings({ pageColour: '#FFFFFF', textColour: '#767676', logoColour: '#777777', logoOption: 'image' })).toEqual([]);
    expect(contrastWarnings({ pageColour: '#FFFFFF', textColour: '#777777', logoColour: '#777777', logoOption: 'text' }).map((w) => w.field)).toEqual(['textColour', 'logoColour']);
  });
});
