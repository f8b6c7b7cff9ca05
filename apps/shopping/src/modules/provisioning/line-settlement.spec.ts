import type { OrderLine } from '../orders/shopping-order.entity';
import { settleLine } from './line-settlement';

const NOW = new Date('2026-05-01T10:00:00.000Z');

const line = (id: string, quantity: number, total: number): OrderLine => ({
  id,
  item: { id: `item-${id}`, title: 'Plan', price: total / quantity },
  quantity: { original: quantity, total: quantity, fulfilled: 0 },
  totals: [
    { type: 'subtotal', amount: total },
    { type: 'total', amount: total },
  ],
  status: 'processing',
});

const order = (...lines: OrderLine[]) => ({ lineItems: lines, events: [], adjustments: [] });

describe('settleLine (a line’s provisioning outcome on the order)', () => {
  it('fulfils a provisioned line: quantity.fulfilled = total, one delivered event', () => {
    const change = settleLine(
      order(line('li_1', 1, 1200), line('li_2', 1, 500)),
      { lineId: 'li_1', provisioned: 1, refused: 0, description: 'a.com registered for 1 year' },
      NOW,
    );
    expect(change?.eventType).toBe('line.fulfilled');
    expect(change?.lineItems.map((l) => [l.id, l.status, l.quantity])).toEqual([
      ['li_1', 'fulfilled', { original: 1, total: 1, fulfilled: 1 }],
      ['li_2', 'processing', { original: 1, total: 1, fulfilled: 0 }],
    ]);
    expect(change?.events).toEqual([
      {
        id: 'evt_li_1',
        occurred_at: NOW.toISOString(),
        type: 'delivered',
        line_items: [{ id: 'li_1', quantity: 1 }],
        description: 'a.com registered for 1 year',
      },
    ]);
    expect(change?.adjustments).toEqual([]);
  });

  it('removes a refused line with a completed refund: negative quantity and total', () => {
    const change = settleLine(
      order(line('li_1', 1, 1200)),
      { lineId: 'li_1', provisioned: 0, refused: 1, description: '', refusal: 'BILLING_DECLINED' },
      NOW,
    );
    expect(change?.eventType).toBe('line.removed');
    expect(change?.lineItems[0]).toMatchObject({
      status: 'removed',
      quantity: { original: 1, total: 0, fulfilled: 0 },
    });
    expect(change?.events).toEqual([]);
    expect(change?.adjustments).toEqual([
      {
        id: 'adj_li_1',
        type: 'refund',
        occurred_at: NOW.toISOString(),
        status: 'completed',
        line_items: [{ id: 'li_1', quantity: -1 }],
        totals: [{ type: 'total', display_text: 'Refund', amount: -1200 }],
        description: 'Not provisioned, not charged: BILLING_DECLINED',
      },
    ]);
  });

  it('refunds the refused share of a partly provisioned line and fulfils the rest', () => {
    const change = settleLine(
      order(line('li_1', 3, 900)),
      { lineId: 'li_1', provisioned: 2, refused: 1, description: 'plans ready', refusal: 'INVALID_REQUEST' },
      NOW,
    );
    expect(change?.eventType).toBe('line.partially_removed');
    expect(change?.lineItems[0]).toMatchObject({
      status: 'fulfilled',
      quantity: { original: 3, total: 2, fulfilled: 2 },
    });
    expect(change?.events[0].line_items).toEqual([{ id: 'li_1', quantity: 2 }]);
    expect(change?.adjustments[0]).toMatchObject({
      line_items: [{ id: 'li_1', quantity: -1 }],
      totals: [{ type: 'total', display_text: 'Refund', amount: -300 }],
    });
  });

  it('leaves a line that is no longer processing alone (settled by another run)', () => {
    const first = settleLine(
      order(line('li_1', 1, 100)),
      { lineId: 'li_1', provisioned: 1, refused: 0, description: 'done' },
      NOW,
    );
    expect(first).toBeDefined();
    const again = settleLine(
      { lineItems: first?.lineItems ?? [], events: first?.events ?? [], adjustments: [] },
      { lineId: 'li_1', provisioned: 1, refused: 0, description: 'done' },
      NOW,
    );
    expect(again).toBeUndefined();
  });

  it('refuses an outcome that does not account for every unit', () => {
    expect(() =>
      settleLine(
        order(line('li_1', 2, 100)),
        { lineId: 'li_1', provisioned: 1, refused: 0, description: '' },
        NOW,
      ),
    ).toThrow(/1 provisioned \+ 0 refused ≠ 2 ordered/);
  });

  it('appends adjustments and events, never rewrites earlier ones (an append-only ledger)', () => {
    const start = order(line('li_1', 1, 1200), line('li_2', 1, 500));
    const first = settleLine(
      start,
      { lineId: 'li_1', provisioned: 0, refused: 1, description: 'a.com: taken' },
      NOW,
    );
    if (!first) throw new Error('li_1 did not settle');
    const firstAdjustment = structuredClone(first.adjustments[0]);
    const later = new Date(NOW.getTime() + 60_000);
    const second = settleLine(
      { lineItems: first.lineItems, events: first.events, adjustments: first.adjustments },
      { lineId: 'li_2', provisioned: 0, refused: 1, description: 'plan refused' },
      later,
    );
    expect(second?.adjustments).toHaveLength(2);
    expect(second?.adjustments[0]).toEqual(firstAdjustment);
    expect(second?.adjustments[1]).toMatchObject({ occurred_at: later.toISOString() });
    expect(second?.events.slice(0, first.events.length)).toEqual(first.events);
  });
});
