import type { PricedCart } from '../businesses/business';
import { errorMessage } from '../ucp/ucp-protocol';
import { toCheckoutInput } from './checkout-requests';
import { liveStatus } from './checkout-status';
import { renderTotals, totalOf } from './checkout-totals';

const priced = (over: Partial<PricedCart> = {}): PricedCart => ({
  currency: 'USD',
  lines: [
    { lineId: 'li_1', itemId: 'a', title: 'A', quantity: 2, unitAmount: 1000, discount: 200, tax: 150 },
    { lineId: 'li_2', itemId: 'b', title: 'B', quantity: 1, unitAmount: 500, discount: 0, tax: 0 },
  ],
  subtotal: 2500,
  discountTotal: 200,
  taxTotal: 150,
  total: 2450,
  appliedDiscounts: [{ code: '10OFF', title: '10 off', amount: 200 }],
  messages: [],
  droppedLineIds: [],
  ...over,
});

describe('checkout totals (UCP totals.json rules)', () => {
  it('one subtotal and one total, discounts negative, and the sum rule on the checkout and every line', () => {
    const { lineItems, totals } = renderTotals(priced());
    expect(totals).toEqual([
      { type: 'subtotal', amount: 2500 },
      { type: 'discount', amount: -200, lines: [{ display_text: '10 off', amount: -200 }] },
      { type: 'tax', amount: 150 },
      { type: 'total', amount: 2450 },
    ]);
    for (const t of [totals, ...lineItems.map((l) => l.totals)]) {
      const sum = t.filter((x) => x.type !== 'total').reduce((s, x) => s + x.amount, 0);
      expect(sum).toBe(totalOf(t));
    }
    expect(lineItems[0]).toEqual({
      id: 'li_1',
      item: { id: 'a', title: 'A', price: 1000 },
      quantity: 2,
      totals: [
        { type: 'subtotal', amount: 2000 },
        { type: 'discount', amount: -200 },
        { type: 'tax', amount: 150 },
        { type: 'total', amount: 1950 },
      ],
    });
  });

  it('leaves out zero discount and tax entries', () => {
    const { totals } = renderTotals(
      priced({ lines: [priced().lines[1]], discountTotal: 0, taxTotal: 0, appliedDiscounts: [] }),
    );
    expect(totals).toEqual([
      { type: 'subtotal', amount: 500 },
      { type: 'total', amount: 500 },
    ]);
  });
});

describe('checkout status', () => {
  it('incomplete while the agent can fix something, escalation only for the buyer, else ready', () => {
    const fixable = errorMessage('missing', 'e-mail', 'recoverable', '$.buyer.email');
    const buyer = errorMessage('payment_method_required', 'add one', 'requires_buyer_input');
    expect(liveStatus([fixable, buyer], 1)).toBe('incomplete');
    expect(liveStatus([buyer], 1)).toBe('requires_escalation');
    expect(liveStatus([], 0)).toBe('incomplete');
    expect(liveStatus([{ type: 'warning', code: 'totals_changed', content: 'x' }], 1)).toBe(
      'ready_for_complete',
    );
  });
});

describe('checkout input (update is a full replacement)', () => {
  const line = (id: string | undefined, item: string) => ({
    ...(id ? { id } : {}),
    item: { id: item },
    quantity: 1,
  });

  it('keeps the ids the agent sends back and numbers new lines past every id in use', () => {
    const first = toCheckoutInput({ line_items: [line(undefined, 'a'), line(undefined, 'b')] });
    expect(first.lines.map((l) => l.id)).toEqual(['li_1', 'li_2']);
    const second = toCheckoutInput(
      { line_items: [line('li_2', 'b'), line(undefined, 'c'), line('li_9', 'd')] },
      first,
    );
    expect(second.lines.map((l) => l.id)).toEqual(['li_2', 'li_3', 'li_4']);
    expect(second.buyer).toBeNull();
  });

  it('normalises country and currency, and drops repeated discount codes', () => {
    const input = toCheckoutInput({
      line_items: [line(undefined, 'a')],
      context: { address_country: 'us', currency: 'usd' },
      discounts: { codes: ['A', 'A', 'B'] },
    });
    expect(input.context).toEqual({ address_country: 'US', currency: 'USD' });
    expect(input.discountCodes).toEqual(['A', 'B']);
  });
});
