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
});
