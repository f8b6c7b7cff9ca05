import { randomUUID } from 'node:crypto';
import { FakeDomains, startFakeDomains } from '@platform/testing';
import { DomainsClient, DomainsRejectedError, DomainsUnavailableError } from './domains-client';

const CREDENTIAL = 'c'.repeat(64);

describe('DomainsClient against the internal API (fake domains service over HTTP)', () => {
  let fake: FakeDomains;
  let client: DomainsClient;
  const account = randomUUID();

  beforeAll(async () => {
    fake = await startFakeDomains(CREDENTIAL);
    client = new DomainsClient({ baseUrl: `${fake.url}/`, internalCredential: CREDENTIAL, timeoutMs: 2000 });
    fake.own(account, 'example.com');
  });
  afterAll(() => fake.close());
  afterEach(() => fake.answerWith(undefined));

  it('names the owner of a domain, and undefined for one nobody holds', async () => {
    await expect(client.ownerOf('example.com')).resolves.toEqual({
      domain: 'example.com',
      accountId: account,
      status: 'ACTIVE',
    });
    await expect(client.ownerOf('nobody.example')).resolves.toBeUndefined();
  });

  it('applies a zone change once per changeId and says when no zone holds the names', async () => {
    const record = { type: 'TXT', name: '_ans.agent.example.com', data: 'v=ans1', ttl: 3600 };
    const change = { changeId: `t:${randomUUID()}`, accountId: account, add: [record], remove: [] };
    await expect(client.applyZoneChange(change)).resolves.toEqual({
      outcome: 'applied',
      zone: 'example.com',
      added: 1,
      removed: 0,
    });
    await expect(client.applyZoneChange(change)).resolves.toMatchObject({ outcome: 'applied', added: 1 });
    expect(fake.records('example.com')).toHaveLength(1);
    await expect(
      client.applyZoneChange({ ...change, changeId: `t:${randomUUID()}`, accountId: randomUUID() }),
    ).resolves.toEqual({ outcome: 'no-zone' });
  });

  it('answers availability per name, in order, with the error of a name that cannot be checked', async () => {
    fake.take('taken-name.com');
    await expect(
      client.availability(['Fresh-Name.dev', 'example.com', 'taken-name.com', 'bad name', 'fresh.de']),
    ).resolves.toEqual([
      { domain: 'fresh-name.dev', available: true, error: null },
      { domain: 'example.com', available: false, error: null },
      { domain: 'taken-name.com', available: false, error: null },
      {
        domain: 'bad name',
        available: false,
        error: { code: 'INVALID_FORMAT', message: expect.any(String) },
      },
      {
        domain: 'fresh.de',
        available: false,
        error: { code: 'UNSUPPORTED_TLD', message: expect.any(String) },
      },
    ]);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/internal/v1/domains/availability',
      body: { domains: ['Fresh-Name.dev', 'example.com', 'taken-name.com', 'bad name', 'fresh.de'] },
    });
  });

  it("reads an account's payment profile: NONE until one is set", async () => {
    const buyer = randomUUID();
    await expect(client.paymentProfile(buyer)).resolves.toEqual({ accountId: buyer, status: 'NONE' });
    fake.setPaymentProfile(buyer, 'DECLINING');
    await expect(client.paymentProfile(buyer)).resolves.toEqual({ accountId: buyer, status: 'DECLINING' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/internal/v1/accounts/${buyer}/payment-profile`,
    });
  });

  it('places a purchase once per reference and reads it back settled: COMPLETED for an ACTIVE profile', async () => {
    const buyer = randomUUID();
    fake.setPaymentProfile(buyer, 'ACTIVE');
    const request = { reference: 'checkout:1:line:1', domain: 'bought-here.com', periodYears: 2 };
    const placed = await client.purchase(buyer, request);
    expect(placed).toEqual({
      reference: request.reference,
      orderId: expect.any(String),
      domain: 'bought-here.com',
      status: 'PENDING',
      failureCode: null,
    });
    await expect(client.purchase(buyer, request)).resolves.toEqual(placed);
    await expect(client.purchaseStatus(buyer, request.reference)).resolves.toEqual({
      ...placed,
      status: 'COMPLETED',
    });
    expect(fake.calls.at(-1)?.path).toBe(
      `/internal/v1/accounts/${buyer}/domain-purchases/checkout%3A1%3Aline%3A1`,
    );
    await expect(client.ownerOf('bought-here.com')).resolves.toMatchObject({
      accountId: buyer,
      status: 'ACTIVE',
    });
    await expect(client.purchaseStatus(buyer, 'never-used')).resolves.toBeUndefined();
  });

  it('reads a FAILED purchase with its failureCode for a declining profile, and refuses what cannot be bought', async () => {
    const buyer = randomUUID();
    fake.setPaymentProfile(buyer, 'DECLINING');
    const placed = await client.purchase(buyer, {
      reference: 'r-declined',
      domain: 'declined-here.com',
      periodYears: 1,
    });
    await expect(client.purchaseStatus(buyer, placed.reference)).resolves.toMatchObject({
      status: 'FAILED',
      failureCode: 'BILLING_DECLINED',
    });
    await expect(client.ownerOf('declined-here.com')).resolves.toBeUndefined();
    await expect(
      client.purchase(buyer, { reference: 'r-declined', domain: 'other-name.com', periodYears: 1 }),
    ).rejects.toMatchObject({ status: 422, code: 'REFERENCE_MISMATCH' });
    await expect(
      client.purchase(buyer, { reference: 'r-taken', domain: 'example.com', periodYears: 1 }),
    ).rejects.toMatchObject({ status: 409, code: 'DOMAIN_NOT_AVAILABLE', retryable: false });
  });

  it('tells a retryable failure (5xx, unreachable) from a refusal (4xx)', async () => {
    fake.answerWith(503);
    await expect(client.ownerOf('example.com')).rejects.toBeInstanceOf(DomainsUnavailableError);
    fake.answerWith(400);
    await expect(client.ownerOf('example.com')).rejects.toMatchObject({ status: 400, retryable: false });
    await expect(client.ownerOf('example.com')).rejects.toBeInstanceOf(DomainsRejectedError);
    fake.answerWith(undefined);
    const wrong = new DomainsClient({ baseUrl: fake.url, internalCredential: 'x'.repeat(64) });
    await expect(wrong.ownerOf('example.com')).rejects.toMatchObject({ status: 401 });
    const closed = new DomainsClient({ baseUrl: 'http://127.0.0.1:1', internalCredential: CREDENTIAL });
    await expect(closed.ownerOf('example.com')).rejects.toBeInstanceOf(DomainsUnavailableError);
  });

  it('applies the same conventions to the Shopping API calls', async () => {
    const buyer = randomUUID();
    const request = { reference: 'r-errors', domain: 'errors-here.com', periodYears: 1 };
    fake.answerWith(503);
    await expect(client.availability(['a.com'])).rejects.toBeInstanceOf(DomainsUnavailableError);
    await expect(client.paymentProfile(buyer)).rejects.toBeInstanceOf(DomainsUnavailableError);
    await expect(client.purchase(buyer, request)).rejects.toBeInstanceOf(DomainsUnavailableError);
    await expect(client.purchaseStatus(buyer, 'r')).rejects.toBeInstanceOf(DomainsUnavailableError);
    fake.answerWith(404);
    // A 404 that is not PURCHASE_NOT_FOUND (e.g. a domains service without the route) is a refusal.
    await expect(client.purchaseStatus(buyer, 'r')).rejects.toBeInstanceOf(DomainsRejectedError);
    fake.answerWith(400);
    await expect(client.availability(['a.com'])).rejects.toMatchObject({ status: 400, retryable: false });
    fake.answerWith(undefined);
    await expect(client.purchase(buyer, { ...request, periodYears: 0 })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_BODY',
    });
  });
});
