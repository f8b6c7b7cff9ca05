import { adjust, availableOf, commit, release, stock } from './inventory-rules';

describe('inventory rules', () => {
  const levels = (onHand: number, committed: number) => ({ onHand, committed });

  it('computes available as on hand minus committed', () => {
    expect(availableOf(levels(5, 3))).toBe(2);
    expect(availableOf(levels(0, 2))).toBe(-2);
  });

  it('adds stocked units to on hand and leaves committed alone', () => {
    expect(stock(levels(2, 1), 3)).toEqual({ ok: true, levels: levels(5, 1) });
  });

  it('commits up to the available units and refuses one more', () => {
    expect(commit(levels(5, 3), 2, false)).toEqual({ ok: true, levels: levels(5, 5) });
    expect(commit(levels(5, 3), 3, false)).toEqual({ ok: false, refusal: 'INSUFFICIENT_INVENTORY' });
  });

  it('commits below zero available where negative inventory is allowed', () => {
    expect(commit(levels(0, 0), 4, true)).toEqual({ ok: true, levels: levels(0, 4) });
  });

  it('releases into committed without going below zero', () => {
    expect(release(levels(5, 3), 2)).toEqual({ ok: true, levels: levels(5, 1) });
    expect(release(levels(5, 1), 2)).toEqual({ ok: true, levels: levels(5, 0) });
  });

  it('refuses a downward adjustment that would take on hand below committed', () => {
    expect(adjust(levels(5, 3), -2, false)).toEqual({ ok: true, levels: levels(3, 3) });
    expect(adjust(levels(5, 3), -3, false)).toEqual({ ok: false, refusal: 'INSUFFICIENT_INVENTORY' });
  });

  it('accepts any adjustment where negative inventory is allowed, and upward ones everywhere', () => {
    expect(adjust(levels(1, 0), -3, true)).toEqual({ ok: true, levels: levels(-2, 0) });
    expect(adjust(levels(0, 3), 1, false)).toEqual({ ok: true, levels: levels(1, 3) });
  });

  it('refuses a change whose levels would leave the 32-bit integer range', () => {
    expect(stock(levels(2_147_483_000, 0), 1000)).toEqual({ ok: false, refusal: 'INVENTORY_OUT_OF_RANGE' });
    expect(commit(levels(0, 2_147_483_000), 1000, true)).toEqual({
      ok: false,
      refusal: 'INVENTORY_OUT_OF_RANGE',
    });
  });
});
