import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

describe('GET /internal/v1/store-access/{storeId} (service-to-service store visibility)', () => {
  let t: CommerceTestApp;
  let storeId: string;
  let ownerHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await startCommerceTestApp('store-access');
    // An order-only token: the subgraphs' callers need no store scope.
    const owner = await t.newCredential(['commerce.order:read']);
    ownerHeaders = owner.headers;
    ({ storeId } = await t.newStore(owner.accountId));
  });

  afterAll(async () => {
    await t?.close();
  });

  const check = (id: string, headers: Record<string, string>) =>
    t.inject({ method: 'GET', url: `/internal/v1/store-access/${id}`, headers });

  it('answers 204 for a store of the caller, whatever the token scopes', async () => {
    const res = await check(storeId, ownerHeaders);
    expect(res.statusCode).toBe(204);
    expect(res.payload).toBe('');
  });

  it("answers 404 STORE_NOT_FOUND for another account's store", async () => {
    const stranger = await t.newCredential(['commerce.order:read']);
    const res = await check(storeId, stranger.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ name: 'STORE_NOT_FOUND' });
  });

  it('answers 400 for a malformed id and 401 without a valid token', async () => {
    expect((await check('nope', ownerHeaders)).statusCode).toBe(400);
    expect((await check(storeId, {})).statusCode).toBe(401);
  });

  it('is left out of the public OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/internal'))).toBe(false);
  });
});
