import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('creates a value once and then returns it', () => {
    const cache = new LruCache<string, object>(2);
    const create = jest.fn(() => ({}));
    const value = cache.getOrCreate('a', create);
    expect(cache.getOrCreate('a', create)).toBe(value);
    expect(cache.get('a')).toBe(value);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('evicts the least recently used entry beyond its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.getOrCreate('a', () => 1);
    cache.getOrCreate('b', () => 2);
    expect(cache.get('a')).toBe(1); // a is now more recent than b
    cache.getOrCreate('c', () => 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('c')).toBe(true);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects the capacity %p', (capacity) => {
    expect(() => new LruCache(capacity)).toThrow(RangeError);
  });
});
