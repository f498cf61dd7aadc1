import { packOffer } from './packs';

describe('packOffer', () => {
  const usd = { currency: 'USD', drawSingle: 4000, draw10: 24000, draw100: 160000 };

  it('prices the packs of 10 and 100 credits with the price per credit and the saving on single draws', () => {
    expect(packOffer(usd, 1)).toEqual({ option: 1, credits: 10, amount: 24000, perCredit: 2400, savingPercent: 40 });
    expect(packOffer(usd, 3)).toEqual({ option: 3, credits: 100, amount: 160000, perCredit: 1600, savingPercent: 60 });
  });

  it('rounds the saving down, never promising more than the pack saves, and never below nothing', () => {
    expect(packOffer({ currency: 'GBP', drawSingle: 3000, draw10: 20001, draw100: 120000 }, 1).savingPercent).toBe(33);
    expect(packOffer({ currency: 'GBP', drawSingle: 3000, draw10: 40000, draw100: 120000 }, 1).savingPercent).toBe(0);
    expect(packOffer({ currency: 'GBP', drawSingle: 0, draw10: 0, draw100: 0 }, 3).savingPercent).toBe(0);
  });
});
