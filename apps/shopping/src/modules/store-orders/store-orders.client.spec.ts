import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalServiceUnavailableError } from '@platform/auth';
import type { StoreOrderQuote, StorePaidOrderRequest } from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import { freePort } from '@platform/testing';
import { StoreOrdersClient, StoreOrdersRefusedError } from './store-orders.client';

// The client against a stand-in of the order subgraph's internal routes: what it sends, and how it
// reads each kind of answer. The routes themselves are tested in
// apps/order-subgraph/test/store-orders-internal.e2e-spec.ts.

describe('StoreOrdersClient', () => {
  const store = '6f1c6a53-2f0e-4d55-9d4b-8f5b1b0c7a11';
  const seen: { method?: string; url?: string; credential: unknown; body: string }[] = [];
  let answer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        credential: req.headers[INTERNAL_CREDENTIAL_HEADER],
        body,
      });
      const { status, body: out, delayMs = 0 } = answer;
      setTimeout(
        () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out)),
        delayMs,
      );
    });
  });
  let client: StoreOrdersClient;

  const quote: StoreOrderQuote = {
    currencyCode: 'USD',
    lines: [
      {
        skuId: 'sku-1',
        title: 'Mug',
        quantity: 2,
        unitAmount: 1000,
        subtotal: 2000,
        discount: 200,
        tax: 145,
        total: 1945,
        imageUrl: null,
      },
    ],
    subtotal: 2000,
    discountTotal: 200,
    taxTotal: 145,
    shippingTotal: 0,
    total: 1945,
    discounts: [{ code: 'TEN', title: 'Ten off', amount: 200 }],
    problems: [],
  };
  const request: StorePaidOrderRequest = {
    lines: [{ skuId: 'sku-1', quantity: 2 }],
    discountCodes: ['TEN'],
    shippingAddress: { countryCode: 'US', regionCode: 'CA', postalCode: '94105' },
    reference: 'chk_1',
    expectedTotal: 1945,
    buyer: { email: 'ada@example.com' },
    payment: { method: 'card', transactionReference: 'tok_1' },
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new StoreOrdersClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      internalCredential: 'cred',
      timeoutMs: 1000,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for a quote with the internal credential and returns it', async () => {
    answer = { status: 200, body: quote };
    const body = { lines: request.lines, discountCodes: ['TEN'], shippingAddress: null };
    expect(await client.quote(store, body)).toEqual(quote);
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: `/internal/v1/stores/${store}/order-quotes`,
      credential: 'cred',
      body: JSON.stringify(body),
    });
  });

  it('reads 201 as a new order and 200 as the order the reference placed before', async () => {
    const order = { orderId: 'Order_1', number: '7', quote };
    answer = { status: 201, body: order };
    expect(await client.placePaid(store, request)).toEqual({ ok: true, created: true, order });
    expect(seen.at(-1)).toMatchObject({
      url: `/internal/v1/stores/${store}/paid-orders`,
      body: JSON.stringify(request),
    });
    answer = { status: 200, body: order };
    expect(await client.placePaid(store, request)).toEqual({ ok: true, created: false, order });
  });

  it('reads 409 QUOTE_CHANGED with the current quote', async () => {
    answer = { status: 409, body: { code: 'QUOTE_CHANGED', message: 'changed', quote } };
    expect(await client.placePaid(store, request)).toEqual({ ok: false, reason: 'QUOTE_CHANGED', quote });
  });

  it('reads 422 ORDER_PROBLEMS with the problems', async () => {
    const problems = [{ code: 'SKU_NOT_FOUND', skuId: 'sku-1', message: 'SKU sku-1 not found' }];
    answer = { status: 422, body: { code: 'ORDER_PROBLEMS', message: 'problems', problems } };
    expect(await client.placePaid(store, request)).toEqual({
      ok: false,
      reason: 'ORDER_PROBLEMS',
      problems,
    });
  });

  it('throws StoreOrdersRefusedError with the code for any other answer', async () => {
    answer = { status: 400, body: { code: 'INVALID_BODY', message: 'bad' } };
    const call = client.placePaid(store, request);
    await expect(call).rejects.toBeInstanceOf(StoreOrdersRefusedError);
    await expect(call).rejects.toMatchObject({ status: 500, orderStatus: 400, orderCode: 'INVALID_BODY' });
    answer = { status: 409, body: { code: 'ORDER_VERSION_CONFLICT' } };
    await expect(client.placePaid(store, request)).rejects.toMatchObject({ orderStatus: 409 });
    answer = { status: 401, body: { code: 'UNAUTHORIZED' } };
    await expect(client.quote(store, request)).rejects.toMatchObject({ orderCode: 'UNAUTHORIZED' });
  });

  it('throws InternalServiceUnavailableError (503) on 5xx, 429, a timeout, or no answer', async () => {
    for (const status of [500, 503, 429]) {
      answer = { status, body: {} };
      await expect(client.placePaid(store, request)).rejects.toBeInstanceOf(InternalServiceUnavailableError);
    }
    answer = { status: 200, body: quote, delayMs: 1500 };
    await expect(client.quote(store, request)).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
    const dead = new StoreOrdersClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      internalCredential: 'c',
    });
    await expect(dead.quote(store, request)).rejects.toBeInstanceOf(InternalServiceUnavailableError);
  });
});
