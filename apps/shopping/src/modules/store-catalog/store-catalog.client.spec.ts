import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalServiceUnavailableError } from '@platform/auth';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import { freePort } from '@platform/testing';
import { StoreCatalogClient, StoreCatalogRefusedError } from './store-catalog.client';

// The client against a stand-in of the catalog's internal routes: what it sends, and how it reads
// each kind of answer. The routes themselves are tested in
// apps/catalog-subgraph/test/catalog-shopping-{products,reservations}.e2e-spec.ts.

describe('StoreCatalogClient', () => {
  const store = '6f1c6a53-2f0e-4d55-9d4b-8f5b1b0c7a11';
  const seen: { method?: string; url?: string; credential: unknown; body: string }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
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
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  let client: StoreCatalogClient;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new StoreCatalogClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      internalCredential: 'cred',
      timeoutMs: 2000,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('searches with the internal credential and returns the page', async () => {
    answer = { status: 200, body: { products: [], nextCursor: 'c2' } };
    expect(await client.search(store, { limit: 5, query: 'mug' })).toEqual({
      products: [],
      nextCursor: 'c2',
    });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: `/internal/v1/stores/${store}/shopping-products/search`,
      credential: 'cred',
      body: '{"limit":5,"query":"mug"}',
    });
  });

  it('looks up each id once and skips the call for none', async () => {
    answer = { status: 200, body: { products: [{ id: 'g1' }] } };
    expect(await client.lookup(store, ['a', 'a', 'b'])).toEqual([{ id: 'g1' }]);
    expect(seen.at(-1)?.body).toBe('{"ids":["a","b"]}');
    const calls = seen.length;
    expect(await client.lookup(store, [])).toEqual([]);
    expect(seen).toHaveLength(calls);
  });

  it('reads a reservation, and a 409 OUT_OF_STOCK as the SKUs out of stock', async () => {
    const request = { reference: 'r1', lines: [{ skuId: 's1', quantity: 1 }] };
    answer = { status: 200, body: { reference: 'r1', reservationIds: ['x'] } };
    expect(await client.reserve(store, request)).toEqual({
      ok: true,
      reservation: { reference: 'r1', reservationIds: ['x'] },
    });
    answer = { status: 409, body: { code: 'OUT_OF_STOCK', skuIds: ['s1'] } };
    expect(await client.reserve(store, request)).toEqual({ ok: false, outOfStock: ['s1'] });
  });

  it('throws StoreCatalogRefusedError with the catalog’s code for any other refusal', async () => {
    answer = { status: 409, body: { name: 'RESERVATION_RELEASED', message: 'released' } };
    const call = client.reserve(store, { reference: 'r1', lines: [{ skuId: 's1', quantity: 1 }] });
    await expect(call).rejects.toBeInstanceOf(StoreCatalogRefusedError);
    await expect(call).rejects.toMatchObject({
      status: 500,
      catalogStatus: 409,
      catalogCode: 'RESERVATION_RELEASED',
    });
  });

  it('releases by reference, the reference escaped in the path', async () => {
    answer = { status: 200, body: { reference: 'a/b', reservationIds: [] } };
    expect(await client.release(store, 'a/b')).toEqual({ reference: 'a/b', reservationIds: [] });
    expect(seen.at(-1)?.url).toBe(`/internal/v1/stores/${store}/shopping-reservations/a%2Fb/release`);
  });

  it('throws InternalServiceUnavailableError (503) when the catalog answers 5xx or not at all', async () => {
    answer = { status: 503, body: {} };
    await expect(client.search(store, { limit: 1 })).rejects.toBeInstanceOf(InternalServiceUnavailableError);
    const dead = new StoreCatalogClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      internalCredential: 'c',
    });
    await expect(dead.lookup(store, ['a'])).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
