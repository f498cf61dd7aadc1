import { jest } from '@jest/globals';
import { repeatEvery } from './repeat-every.js';

describe('repeatEvery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the work every interval, logs a failed run and goes on, and stops when asked', async () => {
    const warnings: string[] = [];
    let runs = 0;
    const stop = repeatEvery(
      1_000,
      async () => {
        runs += 1;
        if (runs === 2) throw new Error('storage down');
      },
      { warn: (message) => warnings.push(message) },
      'Sweeping failed',
    );
    await jest.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(3);
    expect(warnings).toEqual(['Sweeping failed: Error: storage down']);
    stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });
});
