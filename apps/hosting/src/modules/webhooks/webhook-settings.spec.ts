import { retryDelayMs } from './webhook-settings';

describe('retryDelayMs', () => {
  const settings = { backoffMs: 5000, backoffMaxMs: 3_600_000 };

  it('waits the backoff after the first failed attempt, then doubles', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(settings, attempt))).toEqual([
      5000, 10_000, 20_000, 40_000,
    ]);
  });

  it('never waits longer than the longest backoff, however many attempts failed', () => {
    expect(retryDelayMs(settings, 11)).toBe(3_600_000);
    expect(retryDelayMs(settings, 1000)).toBe(3_600_000);
  });
});
