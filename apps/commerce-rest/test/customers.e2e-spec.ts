import type { Scope } from '@platform/scopes';
import { SCOPES } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

const ALL_CUSTOMER: Scope[] = [
  'commerce.customer:read',
  'commerce.customer:create',
  'commerce.customer:update',
];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Customer {
  customerId: string;
  storeId: string;
  firstName: string;
  lastName: string;
  organization: string | null;
  jobTitle: string | null;
  nickname: string | null;
  externalIdentifier: string | null;
  emails: { email: string; label: string | null; default: boolean }[];
  phones: { phone: string; label: string | null; default: boolean }[];
  addresses: Record<string, string | null>[];
  createdAt: string;
  updatedAt: string;
  links: { rel: string; href: string }[];
}

let seq = 0;
/** A unique, valid create body. */
/** The name A B with `more`: a request valid but for what `more` holds. */
function nameAB(more: Record<string, unknown>): Record<string, unknown> {
  return { firstName: 'A', lastName: 'B', ...more };
}

function newCustomer(extra: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return { firstName: 'Ada', lastName: 'Lovelace', emails: [{ email: `ada${seq}@example.com` }], ...extra };
}

describe('customers: create, read, merge-patch', () => {
  let t: CommerceTestApp;
  let alice: TestCredential;
  let bob: TestCredential;
  let storeId: string;
  let otherStoreId: string;
  let bobStoreId: string;

  const base = (store = storeId) => `/v1/commerce/stores/${store}/customers`;
  const create = (
    body: unknown,
    cred: TestCredential = alice,
    store = storeId,
    headers: Record<string, string> = {},
  ) =>
    t.inject({
      method: 'POST',
      url: base(store),
      headers: { ...cred.headers, ...headers },
      payload: body as object,
    });
  const patch = (
    id: string,
    body: unknown,
    cred: TestCredential = alice,
    store = storeId,
    contentType = 'application/merge-patch+json',
  ) =>
    t.inject({
      method: 'PATCH',
      url: `${base(store)}/${id}`,
      headers: { ...cred.headers, 'content-type': contentType },
      payload: JSON.stringify(body),
    });
  const read = (id: string, cred: TestCredential = alice, store = storeId) =>
    t.inject({ method: 'GET', url: `${base(store)}/${id}`, headers: cred.headers });
  const createOk = async (body: Record<string, unknown> = newCustomer()): Promise<Customer> => {
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    return res.json<Customer>();
  };

  beforeAll(async () => {
    t = await startCommerceTestApp('customers');
    alice = await t.newCredential(ALL_CUSTOMER);
    bob = await t.newCredential(ALL_CUSTOMER);
    storeId = (await t.newStore(alice.accountId)).storeId;
    otherStoreId = (await t.newStore(alice.accountId)).storeId;
    bobStoreId = (await t.newStore(bob.accountId)).storeId;
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('POST …/customers', () => {
    it('answers 201 with the customer, a Location header and the X-Request-Id', async () => {
      const requestId = '3f0b8a52-5d7e-4f53-9c3a-1b2c3d4e5f60';
      const res = await create(
        {
          firstName: 'Zoë',
          lastName: "O'Brien-Nguyễn",
          organization: 'Analytical Engines',
          jobTitle: 'Programmer',
          nickname: 'Countess',
          externalIdentifier: 'crm-42',
          emails: [
            { email: 'ada.home@example.com', label: 'home' },
            { email: 'Ada@Example.com', label: 'work', default: true },
          ],
          phones: [{ phone: '+14155552671', label: 'mobile', default: true }, { phone: '5551234' }],
          addresses: [
            { address1: '1 Main St', city: 'London', postalCode: 'N1 9GU', country: 'GB', label: 'home' },
          ],
        },
        alice,
        storeId,
        { 'x-request-id': requestId },
      );
      expect(res.statusCode).toBe(201);
      const body = res.json<Customer>();
      expect(res.headers.location).toBe(`/v1/commerce/stores/${storeId}/customers/${body.customerId}`);
      expect(res.headers['x-request-id']).toBe(requestId);
      expect(body).toEqual({
        customerId: expect.stringMatching(UUID),
        storeId,
        firstName: 'Zoë',
        lastName: "O'Brien-Nguyễn",
        organization: 'Analytical Engines',
        jobTitle: 'Programmer',
        nickname: 'Countess',
        externalIdentifier: 'crm-42',
        emails: [
          { email: 'ada.home@example.com', label: 'home', default: false },
          { email: 'Ada@Example.com', label: 'work', default: true },
        ],
        phones: [
          { phone: '+14155552671', label: 'mobile', default: true },
          { phone: '5551234', label: null, default: false },
        ],
        addresses: [
          {
            address1: '1 Main St',
            address2: null,
            city: 'London',
            state: null,
            postalCode: 'N1 9GU',
            country: 'GB',
            label: 'home',
          },
        ],
        createdAt: expect.stringMatching(ISO_MS),
        updatedAt: body.createdAt,
        links: [{ rel: 'self', href: res.headers.location, method: 'GET' }],
      });
    });

    it('makes an X-Request-Id when the caller sends none, and answers with it', async () => {
      const res = await create(newCustomer());
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-request-id']).toMatch(UUID);
    });

    it('needs only the names: no contact points is fine', async () => {
      const res = await create({ firstName: 'Nemo', lastName: 'Nobody' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        organization: null,
        jobTitle: null,
        nickname: null,
        externalIdentifier: null,
        emails: [],
        phones: [],
        addresses: [],
      });
    });

    describe('validation (400 INVALID_REQUEST, details with JSON pointers at location body)', () => {
      it.each([
        ['firstName missing', { lastName: 'X' }, '/firstName', 'REQUIRED'],
        ['firstName null', { firstName: null, lastName: 'X' }, '/firstName', 'REQUIRED'],
        ['firstName empty', { firstName: '', lastName: 'X' }, '/firstName', 'OUT_OF_RANGE'],
        ['firstName too long', { firstName: 'a'.repeat(51), lastName: 'X' }, '/firstName', 'OUT_OF_RANGE'],
        ['firstName with digits', { firstName: 'R2-D2', lastName: 'X' }, '/firstName', 'INVALID_FORMAT'],
        ['firstName not a string', { firstName: 42, lastName: 'X' }, '/firstName', 'INVALID_FORMAT'],
        ['lastName missing', { firstName: 'X' }, '/lastName', 'REQUIRED'],
        ['lastName starting with a space', { firstName: 'X', lastName: ' Y' }, '/lastName', 'INVALID_FORMAT'],
        [
          'organization too long',
          newCustomer({ organization: 'o'.repeat(101) }),
          '/organization',
          'OUT_OF_RANGE',
        ],
        ['nickname too long', newCustomer({ nickname: 'n'.repeat(51) }), '/nickname', 'OUT_OF_RANGE'],
        [
          'a bad e-mail',
          nameAB({ emails: [{ email: 'ok@example.com' }, { email: 'not-an-email' }] }),
          '/emails/1/email',
          'INVALID_FORMAT',
        ],
        ['an e-mail too short', nameAB({ emails: [{ email: 'a@' }] }), '/emails/0/email', 'OUT_OF_RANGE'],
        ['an e-mail missing', nameAB({ emails: [{ label: 'x' }] }), '/emails/0/email', 'REQUIRED'],
        [
          'an e-mail too long',
          nameAB({ emails: [{ email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }] }),
          '/emails/0/email',
          'OUT_OF_RANGE',
        ],
        [
          'eleven e-mails',
          nameAB({ emails: Array.from({ length: 11 }, (_, i) => ({ email: `e${i}@x.io` })) }),
          '/emails',
          'OUT_OF_RANGE',
        ],
        ['emails not an array', nameAB({ emails: 'a@b.co' }), '/emails', 'INVALID_FORMAT'],
        [
          'an unknown member of an e-mail',
          nameAB({ emails: [{ email: 'a@b.co', primary: true }] }),
          '/emails/0/primary',
          'UNKNOWN_FIELD',
        ],
        [
          'a default that is not a boolean',
          nameAB({ emails: [{ email: 'a@b.co', default: 'yes' }] }),
          '/emails/0/default',
          'INVALID_VALUE',
        ],
        [
          'two default e-mails',
          nameAB({
            emails: [
              { email: 'a@b.co', default: true },
              { email: 'c@d.co', default: true },
            ],
          }),
          '/emails/1/default',
          'INVALID_VALUE',
        ],
        [
          'the same e-mail twice (case-insensitively)',
          nameAB({ emails: [{ email: 'a@b.co' }, { email: 'A@B.CO' }] }),
          '/emails/1/email',
          'INVALID_VALUE',
        ],
        [
          'a phone with letters',
          nameAB({ phones: [{ phone: '555-CALL' }] }),
          '/phones/0/phone',
          'INVALID_FORMAT',
        ],
        ['a phone too short', nameAB({ phones: [{ phone: '123' }] }), '/phones/0/phone', 'INVALID_FORMAT'],
        [
          'a phone too long',
          nameAB({ phones: [{ phone: '+123456789012345678' }] }),
          '/phones/0/phone',
          'INVALID_FORMAT',
        ],
        [
          'an international phone invalid for its country',
          nameAB({ phones: [{ phone: '+1415555' }] }),
          '/phones/0/phone',
          'INVALID_FORMAT',
        ],
        [
          'two default phones',
          nameAB({
            phones: [
              { phone: '5551234', default: true },
              { phone: '5554321', default: true },
            ],
          }),
          '/phones/1/default',
          'INVALID_VALUE',
        ],
        [
          'a country that is not ISO 3166-1',
          nameAB({ addresses: [{ city: 'Nowhere', country: 'XX' }] }),
          '/addresses/0/country',
          'INVALID_FORMAT',
        ],
        [
          'a country in lower case',
          nameAB({ addresses: [{ city: 'Berlin', country: 'de' }] }),
          '/addresses/0/country',
          'INVALID_FORMAT',
        ],
        ['an empty address', nameAB({ addresses: [{ label: 'home' }] }), '/addresses/0', 'REQUIRED'],
        ['an unknown field', newCustomer({ vip: true }), '/vip', 'UNKNOWN_FIELD'],
        ['a read-only field', newCustomer({ customerId: UNKNOWN_ID }), '/customerId', 'UNKNOWN_FIELD'],
      ])('refuses %s', async (_label, body, field, issue) => {
        const res = await create(body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          name: 'INVALID_REQUEST',
          correlationId: res.headers['x-request-id'],
          message: expect.any(String),
          details: [
            expect.objectContaining({ issue, field, location: 'body', description: expect.any(String) }),
          ],
        });
      });

      it('lists every bad field at once', async () => {
        const res = await create({ firstName: '', emails: [{ email: 'x' }], phones: [{ phone: 'y' }] });
        expect(res.statusCode).toBe(400);
        const fields = res.json().details.map((d: { field: string }) => d.field);
        expect(fields).toEqual(
          expect.arrayContaining(['/firstName', '/lastName', '/emails/0/email', '/phones/0/phone']),
        );
      });

      it.each([
        ['an array', '[]'],
        ['a string', '"Ada"'],
        ['malformed JSON', '{"firstName": '],
      ])('refuses a body that is %s', async (_label, payload) => {
        const res = await t.inject({
          method: 'POST',
          url: base(),
          headers: { ...alice.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().details[0]).toMatchObject({ location: 'body' });
      });

      it('accepts names in any script with apostrophes, hyphens, periods and spaces', async () => {
        for (const [firstName, lastName] of [
          ['J. R.', 'Tolkien'],
          ['李', '小龍'],
          ['José María', 'D’Angelo'],
          ['Ólafur', 'Arnalds-Jónsson'],
        ]) {
          const res = await create(newCustomer({ firstName, lastName }));
          expect(res.statusCode).toBe(201);
        }
      });
    });

    describe('duplicates (409 CUSTOMER_ALREADY_EXISTS)', () => {
      it('refuses a second customer with the same primary e-mail, case-insensitively', async () => {
        await createOk(newCustomer({ emails: [{ email: 'Grace@Navy.mil' }] }));
        const res = await create(
          newCustomer({
            firstName: 'Other',
            emails: [{ email: 'x@y.io' }, { email: 'grace@navy.MIL', default: true }],
          }),
        );
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          name: 'CUSTOMER_ALREADY_EXISTS',
          correlationId: res.headers['x-request-id'],
          message: expect.any(String),
          details: [expect.objectContaining({ issue: 'CUSTOMER_ALREADY_EXISTS' })],
        });
      });

      it('allows the same e-mail as a non-primary address, and in another store', async () => {
        await createOk(newCustomer({ emails: [{ email: 'shared@example.com' }] }));
        const secondary = await create(
          newCustomer({
            emails: [{ email: 'own@example.com', default: true }, { email: 'shared@example.com' }],
          }),
        );
        expect(secondary.statusCode).toBe(201);
        const elsewhere = await create(
          newCustomer({ emails: [{ email: 'shared@example.com' }] }),
          alice,
          otherStoreId,
        );
        expect(elsewhere.statusCode).toBe(201);
      });

      it('allows any number of customers without e-mail', async () => {
        for (let i = 0; i < 3; i++)
          expect((await create({ firstName: 'No', lastName: 'Mail' })).statusCode).toBe(201);
      });

      it('lets exactly one of many concurrent creates with the same e-mail win', async () => {
        const body = newCustomer({ emails: [{ email: 'race@example.com' }] });
        const results = await Promise.all(Array.from({ length: 8 }, () => create(body)));
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
        const count = await t.dataSource.query(
          `SELECT count(*)::int AS n FROM commerce.customers WHERE store_id = $1 AND primary_email = 'race@example.com'`,
          [storeId],
        );
        expect(count).toEqual([{ n: 1 }]);
      });
    });
  });

  describe('GET …/customers/{customerId}', () => {
    it('answers 200 with the customer as created', async () => {
      const created = await createOk();
      const res = await read(created.customerId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    });

    it('answers an unknown customer with 404 CUSTOMER_NOT_FOUND', async () => {
      const res = await read(UNKNOWN_ID);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        name: 'CUSTOMER_NOT_FOUND',
        details: [{ issue: 'CUSTOMER_NOT_FOUND' }],
      });
    });

    it("answers another store's customer (same account) with 404 CUSTOMER_NOT_FOUND", async () => {
      const created = await createOk();
      const res = await read(created.customerId, alice, otherStoreId);
      expect(res.statusCode).toBe(404);
      expect(res.json().name).toBe('CUSTOMER_NOT_FOUND');
    });

    it.each([
      ['storeId', () => `/v1/commerce/stores/nope/customers/${UNKNOWN_ID}`, 'storeId'],
      ['customerId', () => `${base()}/nope`, 'customerId'],
    ])('answers a %s that is not a uuid with 400 at location path', async (_label, url, field) => {
      const res = await t.inject({ method: 'GET', url: url(), headers: alice.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [{ issue: 'INVALID_FORMAT', field, value: 'nope', location: 'path' }],
      });
    });
  });

  describe('PATCH …/customers/{customerId} (JSON merge patch)', () => {
    let full: Customer;

    beforeEach(async () => {
      full = await createOk(
        newCustomer({
          organization: 'Org',
          jobTitle: 'Job',
          nickname: 'Nick',
          externalIdentifier: 'ext',
          phones: [{ phone: '5551234' }],
          addresses: [{ city: 'Paris', country: 'FR' }],
        }),
      );
    });

    it('replaces the members present and leaves the absent ones', async () => {
      const res = await patch(full.customerId, { firstName: 'Augusta', organization: 'New Org' });
      expect(res.statusCode).toBe(200);
      const body = res.json<Customer>();
      expect(body).toEqual({
        ...full,
        firstName: 'Augusta',
        organization: 'New Org',
        updatedAt: expect.stringMatching(ISO_MS),
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(full.updatedAt));
      expect((await read(full.customerId)).json()).toEqual(body);
    });

    it('clears optional members set to null; a null list becomes empty', async () => {
      const res = await patch(full.customerId, {
        organization: null,
        jobTitle: null,
        nickname: null,
        externalIdentifier: null,
        phones: null,
        addresses: null,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<Customer>();
      expect(body).toMatchObject({
        organization: null,
        jobTitle: null,
        nickname: null,
        externalIdentifier: null,
      });
      expect(body.phones).toEqual([]);
      expect(body.addresses).toEqual([]);
      expect(body.emails).toEqual(full.emails);
    });

    it('replaces arrays whole rather than merging them', async () => {
      const res = await patch(full.customerId, { addresses: [{ city: 'Lyon' }] });
      expect(res.json<Customer>().addresses).toEqual([
        {
          address1: null,
          address2: null,
          city: 'Lyon',
          state: null,
          postalCode: null,
          country: null,
          label: null,
        },
      ]);
    });

    it('accepts application/json as well as application/merge-patch+json', async () => {
      const res = await patch(full.customerId, { nickname: 'Plain' }, alice, storeId, 'application/json');
      expect(res.statusCode).toBe(200);
      expect(res.json().nickname).toBe('Plain');
    });

    it('writes nothing for a patch that changes nothing (updatedAt stays)', async () => {
      const { customerId: _id, storeId: _store, createdAt: _c, updatedAt: _u, links: _l, ...asRead } = full;
      // {}, and the customer exactly as GET returned it (null members included), change nothing.
      for (const body of [{}, asRead]) {
        const res = await patch(full.customerId, body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(full);
      }
    });

    it.each([
      ['firstName null', { firstName: null }, '/firstName', 'REQUIRED'],
      ['lastName null', { lastName: null }, '/lastName', 'REQUIRED'],
      ['a bad e-mail', { emails: [{ email: 'nope' }] }, '/emails/0/email', 'INVALID_FORMAT'],
      ['a bad phone', { phones: [{ phone: '12' }] }, '/phones/0/phone', 'INVALID_FORMAT'],
      [
        'two defaults',
        {
          phones: [
            { phone: '5550001', default: true },
            { phone: '5550002', default: true },
          ],
        },
        '/phones/1/default',
        'INVALID_VALUE',
      ],
      ['a read-only member', { updatedAt: '2020-01-01T00:00:00Z' }, '/updatedAt', 'UNKNOWN_FIELD'],
      ['an unknown member', { middleName: 'B' }, '/middleName', 'UNKNOWN_FIELD'],
    ])('refuses %s with 400 and leaves the customer as it was', async (_label, body, field, issue) => {
      const res = await patch(full.customerId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [{ issue, field, location: 'body' }],
      });
      expect((await read(full.customerId)).json()).toEqual(full);
    });

    it('refuses a body that is a JSON Patch array', async () => {
      const res = await patch(full.customerId, [{ op: 'replace', path: '/firstName', value: 'X' }]);
      expect(res.statusCode).toBe(400);
    });

    it("refuses (409) a new primary e-mail that is another customer's", async () => {
      const other = await createOk();
      const res = await patch(full.customerId, { emails: [{ email: other.emails[0].email.toUpperCase() }] });
      expect(res.statusCode).toBe(409);
      expect(res.json().name).toBe('CUSTOMER_ALREADY_EXISTS');
      expect((await read(full.customerId)).json()).toEqual(full);
    });

    it('frees the old primary e-mail once it changed', async () => {
      const oldEmail = full.emails[0].email;
      expect(
        (await patch(full.customerId, { emails: [{ email: `moved${seq}@example.com` }] })).statusCode,
      ).toBe(200);
      expect((await create(newCustomer({ emails: [{ email: oldEmail }] }))).statusCode).toBe(201);
    });

    it("answers an unknown customer with 404, another store's with 404", async () => {
      expect((await patch(UNKNOWN_ID, { nickname: 'x' })).statusCode).toBe(404);
      const res = await patch(full.customerId, { nickname: 'x' }, alice, otherStoreId);
      expect(res.statusCode).toBe(404);
      expect(res.json().name).toBe('CUSTOMER_NOT_FOUND');
    });

    it('answers a customerId that is not a uuid with 400 at location path', async () => {
      const res = await patch('nope', { nickname: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'customerId', location: 'path' });
    });
  });

  describe('cross-account isolation', () => {
    it("answers every operation on another account's store with 404 STORE_NOT_FOUND", async () => {
      const bobs = (await create(newCustomer(), bob, bobStoreId)).json<Customer>();
      const attempts = [
        await t.inject({ method: 'GET', url: base(bobStoreId), headers: alice.headers }),
        await read(bobs.customerId, alice, bobStoreId),
        await create(newCustomer(), alice, bobStoreId),
        await patch(bobs.customerId, { nickname: 'x' }, alice, bobStoreId),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          name: 'STORE_NOT_FOUND',
          details: [{ issue: 'STORE_NOT_FOUND' }],
        });
      }
      expect((await read(bobs.customerId, bob, bobStoreId)).json()).toEqual(bobs);
    });

    it("answers a customer id of another account's store, asked through one's own store, with 404", async () => {
      const bobs = (await create(newCustomer(), bob, bobStoreId)).json<Customer>();
      expect((await read(bobs.customerId)).statusCode).toBe(404);
      expect((await patch(bobs.customerId, { nickname: 'x' })).statusCode).toBe(404);
    });

    it('answers an unknown store with 404 STORE_NOT_FOUND', async () => {
      const res = await t.inject({ method: 'GET', url: base(UNKNOWN_ID), headers: alice.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().name).toBe('STORE_NOT_FOUND');
    });
  });

  describe('scopes: each allows exactly its methods', () => {
    let customerId: string;
    const others = (keep: Scope) => SCOPES.filter((s) => !ALL_CUSTOMER.includes(s) || s === keep);

    beforeAll(async () => {
      customerId = (await createOk()).customerId;
    });

    const calls = {
      'GET list': (c: TestCredential) => t.inject({ method: 'GET', url: base(), headers: c.headers }),
      'GET one': (c: TestCredential) => read(customerId, c),
      POST: (c: TestCredential) => create(newCustomer(), c),
      PATCH: (c: TestCredential) => patch(customerId, { nickname: `n${seq++}` }, c),
    };
    const allowed: Record<string, (keyof typeof calls)[]> = {
      'commerce.customer:read': ['GET list', 'GET one'],
      'commerce.customer:create': ['POST'],
      'commerce.customer:update': ['PATCH'],
    };

    it.each(Object.keys(allowed))(
      '%s (with every non-customer scope too) allows only its methods',
      async (scope) => {
        const cred = await t.newCredential(others(scope as Scope), alice.accountId);
        for (const [name, call] of Object.entries(calls)) {
          const res = await call(cred);
          const may = allowed[scope].includes(name as keyof typeof calls);
          const expected = may ? (name === 'POST' ? 201 : 200) : 403;
          expect({ name, status: res.statusCode }).toEqual({ name, status: expected });
          if (res.statusCode === 403)
            expect(res.json()).toMatchObject({ name: 'FORBIDDEN', details: [{ issue: 'FORBIDDEN' }] });
        }
      },
    );

    it('answers every operation with 401 without a token', async () => {
      for (const [method, url] of [
        ['GET', base()],
        ['GET', `${base()}/${customerId}`],
        ['POST', base()],
        ['PATCH', `${base()}/${customerId}`],
      ] as const) {
        const res = await t.inject({ method, url, payload: method === 'GET' ? undefined : {} });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ name: 'UNAUTHORIZED', details: [{ issue: 'UNAUTHORIZED' }] });
      }
    });
  });
});
