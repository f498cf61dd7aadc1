import { pricingOffers } from './single-draw-offers';

describe('pricingOffers', () => {
  it("formats the site configuration's prices in its currency", () => {
    expect(pricingOffers({ currency: 'GBP', drawSingle: 3000, draw10: 18000, draw100: 120000 }, 'en-GB')).toEqual({
      single: '£30',
      ten: '£180',
      hundred: '£1,200',
    });
  });
});
