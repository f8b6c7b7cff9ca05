import { isGlobalId, newGlobalId } from './global-id';
import { KSUID_EPOCH_S, isKsuid, ksuidTime, newKsuid } from './ksuid';

describe('newKsuid', () => {
  it('makes 27 base62 characters', () => {
    expect(newKsuid()).toMatch(/^[0-9A-Za-z]{27}$/);
  });

  it('matches the reference encoding (segmentio/ksuid: min and max)', () => {
    expect(newKsuid(new Date(KSUID_EPOCH_S * 1000), Buffer.alloc(16))).toBe('000000000000000000000000000');
    expect(newKsuid(new Date((KSUID_EPOCH_S + 0xffffffff) * 1000), Buffer.alloc(16, 0xff))).toBe(
      'aWgEPTl1tmebfsQzFP4bxwgy80V',
    );
  });

  it('decodes the segmentio example to its time', () => {
    // The segmentio/ksuid README's example: "Time: 2017-10-09 21:00:47 -0700 PDT".
    expect(ksuidTime('0ujtsYcgvSTl8PAuAdqWYSMnLOv').toISOString()).toBe('2017-10-10T04:00:47.000Z');
  });

  it('sorts as strings by creation second', () => {
    const earlier = newKsuid(new Date('2026-01-01T00:00:00Z'), Buffer.alloc(16, 0xff));
    const later = newKsuid(new Date('2026-01-01T00:00:01Z'), Buffer.alloc(16, 0x00));
    expect(earlier < later).toBe(true);
    expect(ksuidTime(later).toISOString()).toBe('2026-01-01T00:00:01.000Z');
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newKsuid()));
    expect(ids.size).toBe(10_000);
  });

  it('refuses times before its epoch', () => {
    expect(() => newKsuid(new Date('2010-01-01T00:00:00Z'))).toThrow(RangeError);
  });
});

describe('isKsuid', () => {
  it.each([
    ['a fresh one', newKsuid(), true],
    ['the largest', 'aWgEPTl1tmebfsQzFP4bxwgy80V', true],
    ['one above the largest', 'aWgEPTl1tmebfsQzFP4bxwgy80W', false],
    ['too short', 'aWgEPTl1tmebfsQzFP4bxwgy80', false],
    ['with a dash', 'aWgEPTl1tmebfsQzFP4bxwgy8-V', false],
  ])('%s → %p', (_case, value, expected) => {
    expect(isKsuid(value)).toBe(expected);
  });
});

describe('global ids', () => {
  it('prefixes the kind', () => {
    expect(newGlobalId('Order')).toMatch(/^Order_[0-9A-Za-z]{27}$/);
    expect(newGlobalId('LineItem')).toMatch(/^LineItem_[0-9A-Za-z]{27}$/);
  });

  it('recognises only its own kind', () => {
    const id = newGlobalId('Order');
    expect(isGlobalId('Order', id)).toBe(true);
    expect(isGlobalId('LineItem', id)).toBe(false);
    expect(isGlobalId('Order', 'Order_x')).toBe(false);
  });
});
