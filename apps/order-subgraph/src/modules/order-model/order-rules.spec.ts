import { PlatformError } from '@platform/errors';
import {
  allocateRefund,
  assertArchivable,
  assertEditable,
  assertFulfillable,
  assertPayable,
  assertTransition,
  canTransition,
  derivePaymentStatus,
  lineTotals,
  orderTotals,
  outstandingBalance,
} from './order-rules';
import { ORDER_STATUSES, OrderStatus } from './order-statuses';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e instanceof PlatformError ? e.code : 'NOT_A_PLATFORM_ERROR';
  }
}

describe('order state machine', () => {
  const allowed: [OrderStatus, OrderStatus, boolean][] = [
    ['DRAFT', 'OPEN', false],
    ['DRAFT', 'CANCELED', false],
    ['OPEN', 'COMPLETED', false],
    ['OPEN', 'CANCELED', false],
    ['COMPLETED', 'CANCELED', true],
  ];

  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s is allowed exactly as the table says',
    (from, to) => {
      const row = allowed.find(([f, t]) => f === from && t === to);
      expect(canTransition(from, to, true)).toBe(row !== undefined);
      expect(canTransition(from, to, false)).toBe(row !== undefined && !row[2]);
    },
  );

  it.each([
    ['COMPLETED', 'OPEN'],
    ['CANCELED', 'COMPLETED'],
    ['CANCELED', 'CANCELED'],
    ['COMPLETED', 'CANCELED'],
    ['DRAFT', 'COMPLETED'],
  ] as const)('rejects %s → %s with ORDER_ILLEGAL_TRANSITION', (from, to) => {
    expect(codeOf(() => assertTransition(from, to))).toBe('ORDER_ILLEGAL_TRANSITION');
  });

  it('says when force would allow the transition', () => {
    expect(() => assertTransition('COMPLETED', 'CANCELED')).toThrow('without force: true');
    expect(() => assertTransition('COMPLETED', 'CANCELED', true)).not.toThrow();
  });

  it('lets only DRAFT and OPEN orders that are not archived be edited', () => {
    expect(codeOf(() => assertEditable({ status: 'DRAFT', archivedAt: null }))).toBeUndefined();
    expect(codeOf(() => assertEditable({ status: 'OPEN', archivedAt: null }))).toBeUndefined();
    expect(codeOf(() => assertEditable({ status: 'COMPLETED', archivedAt: null }))).toBe(
      'ORDER_NOT_EDITABLE',
    );
    expect(codeOf(() => assertEditable({ status: 'CANCELED', archivedAt: null }))).toBe('ORDER_NOT_EDITABLE');
    expect(codeOf(() => assertEditable({ status: 'OPEN', archivedAt: new Date() }))).toBe(
      'ORDER_NOT_EDITABLE',
    );
  });

  it('archives COMPLETED and CANCELED orders once', () => {
    expect(codeOf(() => assertArchivable({ status: 'COMPLETED', archivedAt: null }))).toBeUndefined();
    expect(codeOf(() => assertArchivable({ status: 'CANCELED', archivedAt: null }))).toBeUndefined();
    expect(codeOf(() => assertArchivable({ status: 'OPEN', archivedAt: null }))).toBe('ORDER_NOT_ARCHIVABLE');
    expect(codeOf(() => assertArchivable({ status: 'CANCELED', archivedAt: new Date() }))).toBe(
      'ORDER_NOT_ARCHIVABLE',
    );
  });

  it('takes payments on OPEN orders and fulfilment on OPEN and COMPLETED ones', () => {
    expect(codeOf(() => assertPayable({ status: 'OPEN', archivedAt: null }))).toBeUndefined();
    expect(codeOf(() => assertPayable({ status: 'DRAFT', archivedAt: null }))).toBe(
      'ORDER_ILLEGAL_TRANSITION',
    );
    expect(codeOf(() => assertFulfillable({ status: 'COMPLETED', archivedAt: null }))).toBeUndefined();
    expect(codeOf(() => assertFulfillable({ status: 'CANCELED', archivedAt: null }))).toBe(
      'ORDER_ILLEGAL_TRANSITION',
    );
  });
});

describe('payment status', () => {
  it.each([
    [{ total: 1000, paidTotal: 0, refundedTotal: 0 }, 'PENDING', 'PENDING'],
    [{ total: 1000, paidTotal: 400, refundedTotal: 0 }, 'NONE', 'PARTIALLY_PAID'],
    [{ total: 1000, paidTotal: 1000, refundedTotal: 0 }, 'NONE', 'PAID'],
    [{ total: 1000, paidTotal: 1000, refundedTotal: 300 }, 'PAID', 'PARTIALLY_REFUNDED'],
    [{ total: 1000, paidTotal: 1000, refundedTotal: 1000 }, 'PAID', 'REFUNDED'],
  ] as const)('%o with %s → %s', (facts, current, expected) => {
    expect(derivePaymentStatus(facts, current)).toBe(expected);
  });

  it('computes the outstanding balance from paid minus refunded', () => {
    expect(outstandingBalance({ total: 1000, paidTotal: 700, refundedTotal: 200 })).toBe(500);
    expect(outstandingBalance({ total: 1000, paidTotal: 1000, refundedTotal: 0 })).toBe(0);
  });
});

describe('allocateRefund', () => {
  const sales = [
    { id: 's1', amount: 500, refundedAmount: 500 },
    { id: 's2', amount: 300, refundedAmount: 100 },
    { id: 's3', amount: 400, refundedAmount: 0 },
  ];

  it('draws from the oldest SALE with money left, then the next', () => {
    expect(allocateRefund(sales, 350)).toEqual([
      { saleId: 's2', amount: 200 },
      { saleId: 's3', amount: 150 },
    ]);
  });

  it('refuses more than what is refundable, and nothing', () => {
    expect(codeOf(() => allocateRefund(sales, 601))).toBe('ORDER_REFUND_EXCEEDS_PAID');
    expect(codeOf(() => allocateRefund(sales, 0))).toBe('ORDER_REFUND_EXCEEDS_PAID');
  });
});

describe('totals', () => {
  it('multiplies, discounts and taxes a line', () => {
    expect(lineTotals({ quantity: 3, unitAmount: 1999, discountTotal: 500, taxTotal: 440 })).toEqual({
      subTotal: 5997,
      discountTotal: 500,
      taxTotal: 440,
      total: 5937,
    });
  });

  it('sums the lines and adds order discounts, shipping and fees', () => {
    const lines = [
      lineTotals({ quantity: 2, unitAmount: 1000, discountTotal: 0, taxTotal: 100 }),
      lineTotals({ quantity: 1, unitAmount: 500, discountTotal: 50, taxTotal: 0 }),
    ];
    expect(orderTotals(lines, [200], 799, 0)).toEqual({
      subTotal: 2500,
      discountTotal: 250,
      shippingTotal: 799,
      taxTotal: 100,
      feeTotal: 0,
      total: 3149,
    });
  });

  it('refuses discounts above the subtotal', () => {
    const lines = [lineTotals({ quantity: 1, unitAmount: 100, discountTotal: 0, taxTotal: 0 })];
    expect(codeOf(() => orderTotals(lines, [101], 0, 0))).toBe('ORDER_DISCOUNT_EXCEEDS_SUBTOTAL');
  });

  it('refuses totals above a GraphQL Int', () => {
    expect(
      codeOf(() => lineTotals({ quantity: 2, unitAmount: 1_500_000_000, discountTotal: 0, taxTotal: 0 })),
    ).toBe('ORDER_AMOUNT_OUT_OF_RANGE');
  });
});
