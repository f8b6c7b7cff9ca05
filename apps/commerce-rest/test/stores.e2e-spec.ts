import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCredential } from '@platform/testing';
import {
  StoreDetailsProvisioningService,
  processorDataAssociatedData,
} from '../src/modules/stores/details/store-details-provisioning.service';
import { SecretBox } from '@platform/crypto';
import { STORE_JOINS, StoreJoin } from '../src/modules/stores/store-joins';
import { expectCommerceError } from './support/commerce-errors';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

const UNKNOWN_STORE = '00000000-0000-4000-8000-000000000000';
const DEFAULT_FIELDS = [
  'id',
  'businessId',
  'displayName',
  'status',
  'currency',
  'timezone',
  'acquirer',
  'processor',
  'externalStoreId',
  'fixedLocation',
  'mockProcessor',
  'longitude',
  'latitude',
  'defaultChannelId',
  'defaultRetailChannelId',
  'ownerId',
  'governmentIds',
  'createdAt',
  'updatedAt',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /v1/commerce/stores/{storeId} (real Postgres and Redis)', () => {
  let t: CommerceTestApp;
  let reader: TestCredential;
  let storeId: string;
  let businessId: string;
  let bare: string;
  let details: StoreDetailsProvisioningService;

  beforeAll(async () => {
    t = await startCommerceTestApp('stores');
    reader = await t.newCredential(['commerce.store:read']);
    ({ storeId, businessId } = await t.newStore(reader.accountId, {
      displayName: 'Corner shop',
      currency: 'EUR',
      timezone: 'Europe/Paris',
      attributeKeys: ['color', 'size', 'mood'],
    }));
    bare = (await t.newStore(reader.accountId, { displayName: 'Bare' })).storeId;
    details = t.app.get(StoreDetailsProvisioningService);

    await details.setPhone(storeId, {
      type: 'WORK',
      countryCode: '1',
      nationalNumber: '4805550100',
      extensionNumber: '12',
    });
    await details.setAddress(storeId, {
      addressLine1: '1 Main St',
      addressLine2: 'Suite 5',
      adminArea1: 'AZ',
      adminArea2: 'Tempe',
      postalCode: '85281',
      countryCode: 'US',
    });
    await details.setPaymentAttributes(storeId, { surchargeEnabled: 'true', tipMode: 'PROMPT' });
    await details.addDevice(storeId, {
      type: 'VIRTUAL_TERMINAL',
      terminalId: 'VT-1',
      status: 'ACTIVATED',
      activatedAt: new Date('2024-01-01T00:00:00Z'),
    });
    await details.addDevice(storeId, {
      type: 'TERMINAL',
      terminalId: 'T-2',
      serialNumber: 'SN-2',
      model: 'P61',
      status: 'ACTIVATED',
      activatedAt: new Date('2024-03-01T00:00:00Z'),
    });
    await details.addDevice(storeId, {
      type: 'TERMINAL',
      terminalId: 'T-OLD',
      serialNumber: 'SN-0',
      status: 'DEACTIVATED',
      activatedAt: new Date('2023-01-01T00:00:00Z'),
    });
    await details.addDevice(storeId, { type: 'TERMINAL', terminalId: 'T-NEW', serialNumber: 'SN-3' });
    await details.setProcessorData(storeId, [
      { name: 'merchantId', value: 'MID-0042', sensitive: false },
      { name: 'apiKey', value: 'sk_live_TOPSECRET', sensitive: true },
      { name: 'region', value: 'us-west', sensitive: false },
    ]);
    await details.acceptAgreement(storeId, {
      type: 'MERCHANT_AGREEMENT',
      version: '2023-01',
      acceptedAt: new Date('2023-02-01T00:00:00Z'),
    });
    await details.acceptAgreement(storeId, {
      type: 'MERCHANT_AGREEMENT',
      version: '2024-06',
      acceptedAt: new Date('2024-06-15T12:00:00Z'),
      acceptedBy: reader.accountId,
    });
    await details.subscribeBundle(storeId, {
      name: 'payments-plus',
      featureList: ['TIPS', 'SURCHARGE'],
      featureConfig: { tips: { presets: [15, 18, 20] } },
      type: 'PAID',
    });
    await details.subscribeBundle(storeId, { name: 'basic', featureList: ['CATALOG'] });
    await t.dataSource.query(
      `INSERT INTO "commerce"."store_attributes" ("store_id", "name", "value", "expires_at") VALUES
       ($1, 'color', 'blue', NULL), ($1, 'size', 'XL', now() + interval '1 hour'),
       ($1, 'mood', 'gone', now() - interval '1 second'), ($1, 'legacy', 'off the allow-list', NULL)`,
      [storeId],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = reader.headers) =>
    t.inject({ method: 'GET', url, headers });
  const store = (query = '', id = storeId) => get(`/v1/commerce/stores/${id}${query}`);

  describe('default field set', () => {
    it('returns exactly the default fields when no join is asked for', async () => {
      const res = await store();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(DEFAULT_FIELDS);
      expect(body).toEqual({
        id: storeId,
        businessId,
        displayName: 'Corner shop',
        status: 'ACTIVE',
        currency: 'EUR',
        timezone: 'Europe/Paris',
        acquirer: 'MOCK',
        processor: 'MOCK',
        externalStoreId: null,
        fixedLocation: false,
        mockProcessor: true,
        longitude: null,
        latitude: null,
        defaultChannelId: null,
        defaultRetailChannelId: null,
        ownerId: reader.accountId,
        governmentIds: [],
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    });

    it('echoes the caller X-Request-Id', async () => {
      const id = '6f1f5d7e-8b9a-4c3d-9e2f-0a1b2c3d4e5f';
      const res = await get(`/v1/commerce/stores/${storeId}`, { ...reader.headers, 'x-request-id': id });
      expect(res.headers['x-request-id']).toBe(id);
    });

    it('is rate limited per credential (RateLimit-* headers)', async () => {
      const res = await store();
      expect(res.headers['ratelimit-limit']).toBeDefined();
      expect(res.headers['ratelimit-remaining']).toBeDefined();
    });

    it('serves the committed OpenAPI 3.1 document at /docs/openapi.json', async () => {
      const res = await get('/docs/openapi.json', {});
      expect(res.statusCode).toBe(200);
      const served = res.json();
      const committed = JSON.parse(
        readFileSync(join(__dirname, '../../../docs/openapi/commerce-rest.json'), 'utf8'),
      );
      expect(served.openapi).toBe('3.1.0');
      expect(Object.keys(served.paths).sort()).toEqual(Object.keys(committed.paths).sort());
      expect(served.components.schemas.CommerceError).toEqual(committed.components.schemas.CommerceError);
    });
  });

  describe('status codes', () => {
    it('answers 400 INVALID_REQUEST with a path detail when storeId is not a uuid', async () => {
      const res = await get('/v1/commerce/stores/not-a-uuid');
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expectCommerceError(body, 'INVALID_REQUEST');
      expect(body.details).toEqual([
        expect.objectContaining({
          issue: 'INVALID_FORMAT',
          field: 'storeId',
          location: 'path',
          value: 'not-a-uuid',
        }),
      ]);
    });

    it('answers 404 STORE_NOT_FOUND for a store that does not exist', async () => {
      const res = await store('', UNKNOWN_STORE);
      expect(res.statusCode).toBe(404);
      expectCommerceError(res.json(), 'STORE_NOT_FOUND');
    });

    it("answers 404 (never 403) for another account's store, even with every join", async () => {
      const other = await t.newCredential(['commerce.store:read']);
      const res = await get(
        `/v1/commerce/stores/${storeId}?includeFields=${STORE_JOINS.join(',')}`,
        other.headers,
      );
      expect(res.statusCode).toBe(404);
      expectCommerceError(res.json(), 'STORE_NOT_FOUND');
    });

    it('answers 401 without a token and with an unknown one', async () => {
      for (const headers of [{}, { authorization: 'Bearer dpat_nope' }] as Record<string, string>[]) {
        const res = await get(`/v1/commerce/stores/${storeId}`, headers);
        expect(res.statusCode).toBe(401);
        expectCommerceError(res.json(), 'UNAUTHORIZED');
      }
    });

    it('answers 403 to a token holding only commerce.store:update', async () => {
      const writer = await t.newCredential(['commerce.store:update'], reader.accountId);
      const res = await get(`/v1/commerce/stores/${storeId}`, writer.headers);
      expect(res.statusCode).toBe(403);
      expectCommerceError(res.json(), 'FORBIDDEN');
    });

    it('answers 400 UNKNOWN_FIELD for a query parameter that is not part of the operation', async () => {
      const res = await store('?fields=phone');
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        expect.objectContaining({ issue: 'UNKNOWN_FIELD', field: 'fields', location: 'query' }),
      ]);
    });
  });

  describe('includeFields (v2 spelling) and includeField (v1 spelling)', () => {
    const keysOf = async (query: string): Promise<string[]> => {
      const res = await store(query);
      expect(res.statusCode).toBe(200);
      return Object.keys(res.json()).filter((k) => !DEFAULT_FIELDS.includes(k));
    };

    it.each<[string, StoreJoin[]]>([
      ['?includeFields=phone', ['phone']],
      ['?includeFields=phone,address', ['phone', 'address']],
      ['?includeFields=address,phone', ['phone', 'address']],
      ['?includeFields=phone&includeFields=address', ['phone', 'address']],
      ['?includeField=phone', ['phone']],
      ['?includeField=phone&includeField=address', ['phone', 'address']],
      ['?includeField=phone&includeField=phone', ['phone']],
      ['?includeField=phone,address', ['phone', 'address']],
      [
        '?includeFields=phone,attributes&includeField=address&includeField=phone',
        ['phone', 'address', 'attributes'],
      ],
      ['?includeFields=&includeField=', []],
      [
        '?includeFields=processorData,processorDataNonSensitive',
        ['processorData', 'processorDataNonSensitive'],
      ],
    ])('%s adds exactly %j to the default field set', async (query, joins) => {
      const keys = await keysOf(query);
      expect(keys.sort()).toEqual([...joins].sort());
    });

    it('returns every join when all are named, in either spelling', async () => {
      const v2 = (await store(`?includeFields=${STORE_JOINS.join(',')}`)).json();
      const v1 = (await store(`?${STORE_JOINS.map((j) => `includeField=${j}`).join('&')}`)).json();
      expect(Object.keys(v2)).toEqual([...DEFAULT_FIELDS, ...STORE_JOINS]);
      expect(v1).toEqual(v2);
    });

    it('never returns processorData or attributes unless asked for', async () => {
      const body = (await store('?includeFields=phone')).json();
      expect(body).not.toHaveProperty('processorData');
      expect(body).not.toHaveProperty('attributes');
    });

    it.each([
      ['?includeFields=bogus', [['includeFields', 'bogus']]],
      ['?includeField=bogus', [['includeField', 'bogus']]],
      [
        '?includeFields=phone,bogus,Address',
        [
          ['includeFields', 'bogus'],
          ['includeFields', 'Address'],
        ],
      ],
      ['?includeField=phone&includeField=emailAddress', [['includeField', 'emailAddress']]],
      [
        '?includeFields=nope&includeField=address&includeField=zip',
        [
          ['includeFields', 'nope'],
          ['includeField', 'zip'],
        ],
      ],
    ])('%s answers 400 INVALID_REQUEST with one query detail per unknown value', async (query, unknown) => {
      const res = await store(query);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expectCommerceError(body, 'INVALID_REQUEST');
      expect(body.details).toEqual(
        unknown.map(([field, value]) =>
          expect.objectContaining({ issue: 'INVALID_VALUE', field, value, location: 'query' }),
        ),
      );
      for (const join of STORE_JOINS) expect(body.message).toContain(join);
    });
  });

  describe('each join returns what was stored', () => {
    const join = async (name: StoreJoin, id = storeId): Promise<unknown> => {
      const res = await store(`?includeFields=${name}`, id);
      expect(res.statusCode).toBe(200);
      return res.json()[name];
    };

    it('phone', async () => {
      expect(await join('phone')).toEqual({
        type: 'WORK',
        details: { countryCode: '1', nationalNumber: '4805550100', extensionNumber: '12' },
      });
    });

    it('address', async () => {
      expect(await join('address')).toEqual({
        addressLine1: '1 Main St',
        addressLine2: 'Suite 5',
        addressLine3: null,
        adminArea1: 'AZ',
        adminArea2: 'Tempe',
        adminArea3: null,
        adminArea4: null,
        postalCode: '85281',
        countryCode: 'US',
      });
    });

    it('attributes: the live values of allow-listed keys only (expired and off-list ones are left out)', async () => {
      expect(await join('attributes')).toEqual({ color: 'blue', size: 'XL' });
    });

    it('storeAttributes: the live records with their expiry', async () => {
      const records = (await join('storeAttributes')) as Record<string, unknown>[];
      expect(records).toEqual([
        {
          name: 'color',
          value: 'blue',
          expiresAt: null,
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        },
        {
          name: 'size',
          value: 'XL',
          expiresAt: expect.stringMatching(ISO),
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        },
      ]);
      expect(Date.parse(records[1].expiresAt as string)).toBeGreaterThan(Date.now());
    });

    it('paymentAttributes', async () => {
      expect(await join('paymentAttributes')).toEqual({ surchargeEnabled: 'true', tipMode: 'PROMPT' });
    });

    it('storeDevice: every device of the store', async () => {
      const devices = (await join('storeDevice')) as Record<string, unknown>[];
      expect(devices.map((d) => d.terminalId)).toEqual(['VT-1', 'T-2', 'T-OLD', 'T-NEW']);
      expect(devices[1]).toEqual({
        id: expect.any(String),
        type: 'TERMINAL',
        terminalId: 'T-2',
        serialNumber: 'SN-2',
        model: 'P61',
        status: 'ACTIVATED',
        activatedAt: '2024-03-01T00:00:00.000Z',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
      expect(devices[3]).toEqual(
        expect.objectContaining({ status: 'CREATED', activatedAt: null, model: null }),
      );
    });

    it('storeTerminalId: the first-activated active physical terminal', async () => {
      // T-OLD was activated earlier but is deactivated; VT-1 is virtual; T-NEW was never activated.
      expect(await join('storeTerminalId')).toBe('T-2');
    });

    it('storeTerminalIdAllVTAndFirstActivated: the first-activated active device, virtual terminals included', async () => {
      expect(await join('storeTerminalIdAllVTAndFirstActivated')).toBe('VT-1');
    });

    it('processorData: every entry, sensitive values masked', async () => {
      expect(await join('processorData')).toEqual({
        apiKey: '********',
        merchantId: 'MID-0042',
        region: 'us-west',
      });
    });

    it('processorDataNonSensitive: never an entry marked sensitive', async () => {
      const res = await store(`?includeFields=${STORE_JOINS.join(',')}`);
      const body = res.json();
      expect(body.processorDataNonSensitive).toEqual({ merchantId: 'MID-0042', region: 'us-west' });
      expect(body.processorDataNonSensitive).not.toHaveProperty('apiKey');
      // The sensitive value appears nowhere in any answer, and is kept only sealed.
      expect(res.payload).not.toContain('TOPSECRET');
      const [row] = await t.dataSource.query(
        `SELECT "value", "value_ciphertext" FROM "commerce"."store_processor_data" WHERE "store_id" = $1 AND "name" = 'apiKey'`,
        [storeId],
      );
      expect(row.value).toBeNull();
      expect((row.value_ciphertext as Buffer).includes(Buffer.from('TOPSECRET'))).toBe(false);
      const box = t.app.get(SecretBox);
      expect(box.open(row.value_ciphertext, processorDataAssociatedData(storeId, 'apiKey'))).toBe(
        'sk_live_TOPSECRET',
      );
      expect(await details.revealProcessorData(storeId, 'apiKey')).toBe('sk_live_TOPSECRET');
    });

    it('businessAgreement: the agreement accepted last', async () => {
      expect(await join('businessAgreement')).toEqual({
        type: 'MERCHANT_AGREEMENT',
        version: '2024-06',
        acceptedAt: '2024-06-15T12:00:00.000Z',
        acceptedBy: reader.accountId,
      });
    });

    it('subscribedBundles', async () => {
      expect(await join('subscribedBundles')).toEqual([
        {
          id: expect.any(String),
          name: 'basic',
          featureList: ['CATALOG'],
          featureConfig: {},
          type: null,
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        },
        {
          id: expect.any(String),
          name: 'payments-plus',
          featureList: ['TIPS', 'SURCHARGE'],
          featureConfig: { tips: { presets: [15, 18, 20] } },
          type: 'PAID',
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        },
      ]);
    });

    it('a store with no such records answers every join empty, not missing', async () => {
      const body = (await store(`?includeFields=${STORE_JOINS.join(',')}`, bare)).json();
      expect(body).toEqual(
        expect.objectContaining({
          phone: null,
          address: null,
          attributes: {},
          storeAttributes: [],
          paymentAttributes: {},
          storeDevice: [],
          storeTerminalId: null,
          storeTerminalIdAllVTAndFirstActivated: null,
          processorData: {},
          processorDataNonSensitive: {},
          subscribedBundles: [],
        }),
      );
      // The agreement belongs to the business, which both stores share.
      expect(body.businessAgreement).toEqual(expect.objectContaining({ version: '2024-06' }));
    });

    it('provisioning refuses bad records and unknown stores with a code', async () => {
      await expect(details.setAddress(storeId, { countryCode: 'us' })).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_ADDRESS',
      });
      await expect(
        details.setPhone(storeId, { countryCode: '1234', nationalNumber: '1' }),
      ).rejects.toMatchObject({
        code: 'INVALID_PHONE',
      });
      await expect(details.setPaymentAttributes(UNKNOWN_STORE, {})).rejects.toMatchObject({
        status: 404,
        code: 'STORE_NOT_FOUND',
      });
    });
  });
});
