import {
  CommerceTransactionsQueue,
  orderPaymentRecordedJobId,
  parseOrderPaymentRecorded,
} from './commerce-transactions.jobs';

const valid = {
  eventId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  storeId: '6f1d7c1e-0b8a-4d3e-9a55-2b7f0c6f1e01',
  orderId: 'Order_2Wz8NbQ3Fy7X0cJm4aPq9sL1kTd',
  type: 'SALE',
  amount: { value: 1999, currencyCode: 'USD' },
  occurredAt: '2026-11-22T10:15:30.123Z',
};

function problemsOf(data: unknown): readonly string[] {
  const result = parseOrderPaymentRecorded(data);
  return result.ok ? [] : result.problems;
}

describe('CommerceTransactionsQueue', () => {
  it('names the queue and its one job', () => {
    expect(CommerceTransactionsQueue).toEqual({
      name: 'commerce-transactions',
      jobs: ['order-payment-recorded'],
    });
  });

  it('derives a BullMQ-safe job id from the event id (no colon)', () => {
    expect(orderPaymentRecordedJobId(valid.eventId)).toBe(`order-payment-recorded-${valid.eventId}`);
  });
});

describe('parseOrderPaymentRecorded', () => {
  it('accepts a minimal payload and returns exactly its fields', () => {
    expect(parseOrderPaymentRecorded(valid)).toEqual({ ok: true, value: valid });
  });

  it('keeps the optional fields and drops fields outside the contract', () => {
    const optional = {
      type: 'REFUND',
      status: 'PENDING',
      channelId: '0c8f8a58-3a4e-4c55-9f0e-8f1f8f3f4a11',
      processorReference: 'ch_3PZ',
      parentEventId: 'a0c4cc3e-8f62-4f51-9a3b-62c2f5b0c6a2',
      notes: 'customer returned one item',
    };
    const result = parseOrderPaymentRecorded({ ...valid, ...optional, somethingNewer: true });
    expect(result.ok && result.value).toEqual({ ...valid, ...optional });
  });

  it('treats null optional fields as absent', () => {
    expect(parseOrderPaymentRecorded({ ...valid, channelId: null, notes: null })).toEqual({
      ok: true,
      value: valid,
    });
  });

  it('lower-cases uuids so one event has one spelling', () => {
    const result = parseOrderPaymentRecorded({ ...valid, eventId: valid.eventId.toUpperCase() });
    expect(result.ok && result.value.eventId).toBe(valid.eventId);
  });

  it.each([
    ['not an object', 'x', 'payload must be a JSON object'],
    ['an array', [valid], 'payload must be a JSON object'],
    ['eventId not a uuid', { ...valid, eventId: 'evt-1' }, 'eventId must be a uuid'],
    ['storeId missing', { ...valid, storeId: undefined }, 'storeId must be a uuid'],
    ['orderId without prefix', { ...valid, orderId: '2Wz8Nb' }, 'orderId must be an order global id'],
    ['unknown type', { ...valid, type: 'CHARGE' }, 'type must be one of'],
    ['unknown status', { ...valid, status: 'DONE' }, 'status must be one of'],
    ['amount missing', { ...valid, amount: undefined }, 'amount must be an object'],
    ['fractional amount', { ...valid, amount: { value: 19.99, currencyCode: 'USD' } }, 'amount.value'],
    ['amount as a string', { ...valid, amount: { value: '1999', currencyCode: 'USD' } }, 'amount.value'],
    ['negative sale', { ...valid, amount: { value: -1, currencyCode: 'USD' } }, 'negative only'],
    ['lower-case currency', { ...valid, amount: { value: 1, currencyCode: 'usd' } }, 'currencyCode'],
    ['channelId not a uuid', { ...valid, channelId: 'web' }, 'channelId must be a uuid'],
    ['empty processorReference', { ...valid, processorReference: '' }, 'processorReference'],
    ['parent of a SALE', { ...valid, parentEventId: valid.storeId }, 'parentEventId is allowed only'],
    ['notes too long', { ...valid, notes: 'x'.repeat(513) }, 'notes must be'],
    ['occurredAt without offset', { ...valid, occurredAt: '2026-11-22T10:15:30' }, 'occurredAt'],
    ['occurredAt not a date', { ...valid, occurredAt: '2026-13-45T10:15:30Z' }, 'occurredAt'],
  ])('rejects %s', (_case, data, problem) => {
    expect(problemsOf(data)).toEqual([expect.stringContaining(problem)]);
  });

  it('accepts a negative ADJUSTMENT', () => {
    expect(
      parseOrderPaymentRecorded({
        ...valid,
        type: 'ADJUSTMENT',
        amount: { value: -250, currencyCode: 'EUR' },
      }).ok,
    ).toBe(true);
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ eventId: 1, type: 'X' })).toHaveLength(6);
  });
});
