import { jest } from '@jest/globals';
import { purchaseEvent, purchaseValue, type RetryClock, trackWithRetry } from './tracking';

/** A clock that only moves when the code under test waits. */
function fakeClock(): RetryClock & { waits: number[]; elapsed: () => number } {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    waits,
    elapsed: () => now - 1_000_000,
    now: () => now,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

describe('trackWithRetry', () => {
  let warn: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('sends once when the port accepts the call', async () => {
    const clock = fakeClock();
    const send = jest.fn();
    expect(await trackWithRetry(send, clock)).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(clock.waits).toEqual([]);
  });

  it('retries every 100 ms while the port throws, and stops when it gets through', async () => {
    const clock = fakeClock();
    let calls = 0;
    const send = () => {
      calls += 1;
      if (calls < 4) throw new Error('analytics not loaded');
    };
    expect(await trackWithRetry(send, clock)).toBe(true);
    expect(calls).toBe(4);
    expect(clock.waits).toEqual([100, 100, 100]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives up after 5 s, only logging the failure', async () => {
    const clock = fakeClock();
    const send = jest.fn(() => {
      throw new Error('blocked');
    });
    expect(await trackWithRetry(send, clock)).toBe(false);
    // Tries at 0, 100, …, 5000 ms.
    expect(send).toHaveBeenCalledTimes(51);
    expect(clock.elapsed()).toBe(5000);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('purchase tracking values', () => {
  const prices = { currency: 'AUD', drawSingle: 5000, draw10: 30000, draw100: 200000 };
  const purchase = { isBuyCreditsOnly: false, demoDraw: false };

  it('values each payment option at its price, and prepaid and demo draws at zero', () => {
    expect(purchaseValue({ ...purchase, paymentOption: 0 }, prices)).toBe(5000);
    expect(purchaseValue({ ...purchase, paymentOption: 1 }, prices)).toBe(30000);
    expect(purchaseValue({ ...purchase, paymentOption: 3 }, prices)).toBe(200000);
    expect(purchaseValue({ ...purchase, paymentOption: 2 }, prices)).toBe(0);
    expect(purchaseValue({ ...purchase, paymentOption: 0, demoDraw: true }, prices)).toBe(0);
  });

  it('reports a credits purchase with the client-made transaction id, in major units and the currency', () => {
    expect(purchaseEvent({ paymentOption: 1, isBuyCreditsOnly: true, demoDraw: false }, prices, 'tx-1')).toEqual({
      transactionId: 'tx-1',
      value: 300,
      currency: 'AUD',
      paymentOption: 1,
      isBuyCreditsOnly: true,
      demoDraw: false,
    });
  });
});
