import { isEligibleForRollback, oldestKeptVersion } from './release-retention';

describe('release retention', () => {
  it('keeps the newest N versions of a variant', () => {
    expect(oldestKeptVersion(12, 10)).toBe(3);
    expect(oldestKeptVersion(10, 10)).toBe(1);
    expect(oldestKeptVersion(3, 10)).toBe(1);
    expect(oldestKeptVersion(5, 1)).toBe(5);
  });

  it('a release is eligible while among them', () => {
    expect(isEligibleForRollback(3, 12, 10)).toBe(true);
    expect(isEligibleForRollback(2, 12, 10)).toBe(false);
    expect(isEligibleForRollback(12, 12, 10)).toBe(true);
    expect(isEligibleForRollback(1, 1, 1)).toBe(true);
    expect(isEligibleForRollback(1, 2, 1)).toBe(false);
    expect(isEligibleForRollback(13, 12, 10)).toBe(false);
  });
});
