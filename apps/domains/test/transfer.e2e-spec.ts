import { randomUUID } from 'node:crypto';
import type { TestCredential, WorkerHarness } from '@platform/testing';
import { yearsAfter } from '../src/modules/domains/domain-registrations';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import type { OrderAcceptedResponse } from '../src/modules/orders/orders.response';
import { DnsRecordEntity } from '../src/modules/records/dns-record.entity';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { startDomainsWorker, withOrdersPaused } from './support/domains-worker';
import { CONSENT, CONTACT, buyer, freshName, settledOrder, transferBody } from './support/orders-requests';

describe('POST /v1/domains/{domain}/transfer (real Postgres, Redis, BullMQ)', () => {
  let t: DomainsTestApp;
  let worker: WorkerHarness;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-transfer');
    worker = await startDomainsWorker(t.env);
    cred = await buyer(t);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const transfer = (domain: string, body: unknown, c: TestCredential = cred) =>
    t.inject({
      method: 'POST',
      url: `/v1/domains/${domain}/transfer`,
      headers: c.headers,
      payload: body as object,
    });

  const row = (domain: string) => t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain });

  it("moves another account's domain with its auth code: new owner, new auth code, a year more, zone kept", async () => {
    const seller = await buyer(t);
    const held = await t.addDomain(seller.accountId, freshName('org'));
    const zoneBefore = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: held.domainId });
    const res = await transfer(
      held.domain,
      transferBody(held.authCode, { renewAuto: false, privacy: true, contactRegistrant: CONTACT }),
    );
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as OrderAcceptedResponse;
    expect(accepted).toMatchObject({
      domain: held.domain,
      total: 9_990_000,
      currency: 'USD',
      status: 'EXECUTING',
    });
    expect(await settledOrder(t, accepted.orderId, cred)).toMatchObject({
      type: 'TRANSFER',
      status: 'COMPLETED',
    });

    const moved = await row(held.domain);
    expect(moved).toMatchObject({
      domainId: held.domainId,
      accountId: cred.accountId,
      status: 'ACTIVE',
      renewAuto: false,
      privacy: true,
    });
    expect(moved.authCode).not.toBe(held.authCode);
    expect(moved.expires).toEqual(yearsAfter(held.expires as Date, 1));
    expect(moved.contacts).toEqual({ registrant: CONTACT, admin: CONTACT, tech: CONTACT, billing: CONTACT });
    const zoneAfter = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: held.domainId });
    expect(zoneAfter.map((r) => r.recordId)).toEqual(zoneBefore.map((r) => r.recordId));

    const back = await transfer(held.domain, transferBody(held.authCode), seller);
    expect([back.statusCode, back.json().code]).toEqual([422, 'INVALID_AUTH_CODE']);
  });

  it('transfers in a name registered elsewhere with any auth code of 6 to 32 characters', async () => {
    const domain = `taken-${randomUUID().slice(0, 8)}.net`;
    const res = await transfer(domain, transferBody('abcdef'));
    expect(res.statusCode).toBe(202);
    expect((await row(domain)).status).toBe('PENDING_TRANSFER');
    await settledOrder(t, (res.json() as OrderAcceptedResponse).orderId, cred);
    const arrived = await row(domain);
    expect(arrived).toMatchObject({
      accountId: cred.accountId,
      status: 'ACTIVE',
      renewAuto: true,
      privacy: false,
    });
    const zone = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: arrived.domainId });
    expect(zone.map((r) => r.type)).toEqual(['NS', 'NS']);
  });

  it.each(['short', 'x'.repeat(33)])(
    'answers 422 INVALID_AUTH_CODE for a name registered elsewhere and code %j',
    async (code) => {
      const res = await transfer(`taken-${randomUUID().slice(0, 8)}.com`, transferBody(code));
      expect([res.statusCode, res.json().code]).toEqual([422, 'INVALID_AUTH_CODE']);
    },
  );

  it('answers 409 DOMAIN_ALREADY_OWNED for a domain of the caller', async () => {
    const mine = await t.addDomain(cred.accountId, freshName());
    const res = await transfer(mine.domain, transferBody(mine.authCode));
    expect([res.statusCode, res.json().code]).toEqual([409, 'DOMAIN_ALREADY_OWNED']);
  });

  it('answers 422 DOMAIN_NOT_TRANSFERABLE for a reserved name and DOMAIN_NOT_REGISTERED for a free one', async () => {
    const reserved = await transfer('example.net', transferBody('abcdefgh'));
    expect([reserved.statusCode, reserved.json().code]).toEqual([422, 'DOMAIN_NOT_TRANSFERABLE']);
    const free = await transfer(freshName(), transferBody('abcdefgh'));
    expect([free.statusCode, free.json().code]).toEqual([422, 'DOMAIN_NOT_REGISTERED']);
  });

  it('answers 409 ORDER_IN_PROGRESS while a purchase or a renewal of the name runs', async () => {
    const seller = await buyer(t);
    const held = await t.addDomain(seller.accountId, freshName());
    const domain = freshName();
    await withOrdersPaused(worker, async () => {
      const purchase = await t.inject({
        method: 'POST',
        url: '/v1/domains/purchase',
        headers: seller.headers,
        payload: { domain, consent: CONSENT, contactRegistrant: CONTACT },
      });
      expect(purchase.statusCode).toBe(202);
      const pending = await row(domain);
      const whilePurchased = await transfer(domain, transferBody(pending.authCode));
      expect([whilePurchased.statusCode, whilePurchased.json().code]).toEqual([409, 'ORDER_IN_PROGRESS']);

      const renewal = await t.inject({
        method: 'POST',
        url: `/v1/domains/${held.domain}/renew`,
        headers: seller.headers,
      });
      expect(renewal.statusCode).toBe(202);
      const whileRenewed = await transfer(held.domain, transferBody(held.authCode));
      expect([whileRenewed.statusCode, whileRenewed.json().code]).toEqual([409, 'ORDER_IN_PROGRESS']);
    });
  });

  it('answers 422 for payment, agreement and TLD problems, and 400 for a bad body', async () => {
    const seller = await buyer(t);
    const held = await t.addDomain(seller.accountId, freshName());
    const poor = await t.newCredential(['domains.domain:create']);
    const none = await transfer(held.domain, transferBody(held.authCode), poor);
    expect([none.statusCode, none.json().code]).toEqual([422, 'NO_PAYMENT_PROFILE']);
    await t.setPaymentProfile(poor.accountId, 'DECLINED');
    const declined = await transfer(held.domain, transferBody(held.authCode), poor);
    expect([declined.statusCode, declined.json().code]).toEqual([422, 'BILLING_DECLINED']);
    const keys = await transfer(
      held.domain,
      transferBody(held.authCode, { consent: { ...CONSENT, agreementKeys: ['X'] } }),
    );
    expect([keys.statusCode, keys.json().code]).toEqual([422, 'INVALID_AGREEMENT_KEYS']);
    const tld = await transfer('taken-x.de', transferBody('abcdefgh'));
    expect([tld.statusCode, tld.json().code]).toEqual([422, 'UNSUPPORTED_TLD']);
    for (const body of [transferBody(held.authCode, { period: 2 }), { consent: CONSENT }, transferBody('')]) {
      const res = await transfer(held.domain, body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_BODY']);
    }
  });
});
