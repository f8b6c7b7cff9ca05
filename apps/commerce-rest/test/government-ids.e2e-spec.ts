import type { TestCredential } from '@platform/testing';
import { governmentIdAssociatedData } from '../src/modules/stores/government-ids/government-id-sealing';
import { SecretBox } from '@platform/crypto';
import { expectCommerceError } from './support/commerce-errors';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

const UNKNOWN_STORE = '00000000-0000-4000-8000-000000000000';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface RawGovernmentId {
  id: string;
  type: string;
  government_id_ciphertext: Buffer;
  position: number;
  created_at: Date;
}

describe('PUT /v1/commerce/stores/{storeId}/government-ids', () => {
  let t: CommerceTestApp;
  let writer: TestCredential;
  let reader: TestCredential;
  let storeId: string;
  let businessId: string;

  beforeAll(async () => {
    t = await startCommerceTestApp('government-ids');
    writer = await t.newCredential(['commerce.store:update']);
    reader = await t.newCredential(['commerce.store:read'], writer.accountId);
    ({ storeId, businessId } = await t.newStore(writer.accountId, { displayName: 'Tax office' }));
  });

  afterAll(async () => {
    await t?.close();
  });

  const put = (payload: unknown, cred = writer, id = storeId) =>
    t.inject({
      method: 'PUT',
      url: `/v1/commerce/stores/${id}/government-ids`,
      headers: { ...cred.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const rows = (): Promise<RawGovernmentId[]> =>
    t.dataSource.query(
      `SELECT * FROM "commerce"."business_government_ids" WHERE "business_id" = $1 ORDER BY "position"`,
      [businessId],
    );

  it('answers 200 with the store, its ids masked but for the last four characters', async () => {
    const res = await put([
      { governmentId: '123456789', type: 'SSN' },
      { governmentId: '12-3456789', type: 'EIN' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(expect.objectContaining({ id: storeId, businessId, displayName: 'Tax office' }));
    expect(body.governmentIds).toEqual([
      {
        governmentId: '*****6789',
        type: 'SSN',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
      {
        governmentId: '******6789',
        type: 'EIN',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
    ]);
    expect(res.payload).not.toContain('12345');
  });

  it('GET store shows the same masked ids', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/v1/commerce/stores/${storeId}`,
      headers: reader.headers,
    });
    expect(res.json().governmentIds.map((g: { governmentId: string }) => g.governmentId)).toEqual([
      '*****6789',
      '******6789',
    ]);
    expect(res.payload).not.toContain('12345');
  });

  it('keeps the ids encrypted at rest: the plaintext is nowhere in the row, and it opens with the key', async () => {
    const stored = await rows();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      const raw = JSON.stringify(row) + row.government_id_ciphertext.toString('latin1');
      expect(raw).not.toContain('123456789');
      expect(raw).not.toContain('3456789');
      expect(row.government_id_ciphertext.includes(Buffer.from('3456789'))).toBe(false);
    }
    const box = t.app.get(SecretBox);
    expect(
      stored.map((r) =>
        box.open(r.government_id_ciphertext, governmentIdAssociatedData(businessId, r.type as 'EIN')),
      ),
    ).toEqual(['123456789', '12-3456789']);
    // A ciphertext only opens as the id of its own business.
    expect(() =>
      box.open(stored[0].government_id_ciphertext, governmentIdAssociatedData(UNKNOWN_STORE, 'SSN')),
    ).toThrow();
  });

  it('replaces the set: an id given again keeps its row and createdAt, the others go, new ones come', async () => {
    const before = await rows();
    const res = await put([
      { governmentId: 'NEW-0001', type: 'EIN' },
      { governmentId: '12-3456789', type: 'EIN' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().governmentIds.map((g: { governmentId: string }) => g.governmentId)).toEqual([
      '****0001',
      '******6789',
    ]);
    const after = await rows();
    expect(after).toHaveLength(2);
    const kept = after.find((r) => r.position === 1);
    expect(kept?.id).toBe(before.find((r) => r.type === 'EIN')?.id);
    expect(kept?.created_at).toEqual(before.find((r) => r.type === 'EIN')?.created_at);
    expect(after.map((r) => r.id)).not.toContain(before.find((r) => r.type === 'SSN')?.id);
  });

  it('masks an id of four characters or fewer entirely', async () => {
    const res = await put([{ governmentId: '1234', type: 'SSN' }]);
    expect(res.json().governmentIds).toEqual([
      expect.objectContaining({ governmentId: '****', type: 'SSN' }),
    ]);
  });

  it('an empty list clears the set', async () => {
    const res = await put([]);
    expect(res.statusCode).toBe(200);
    expect(res.json().governmentIds).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  describe('validation: 400 INVALID_REQUEST with JSON-pointer fields', () => {
    it.each<[string, unknown, [string, string][]]>([
      ['a missing governmentId', [{ type: 'EIN' }], [['/0/governmentId', 'REQUIRED']]],
      ['an empty governmentId', [{ governmentId: '', type: 'EIN' }], [['/0/governmentId', 'OUT_OF_RANGE']]],
      [
        'a governmentId of 65 characters',
        [{ governmentId: '9'.repeat(65), type: 'EIN' }],
        [['/0/governmentId', 'OUT_OF_RANGE']],
      ],
      [
        'a numeric governmentId',
        [{ governmentId: 123456789, type: 'EIN' }],
        [['/0/governmentId', 'INVALID_FORMAT']],
      ],
      ['a missing type', [{ governmentId: '1' }], [['/0/type', 'REQUIRED']]],
      ['an unknown type', [{ governmentId: '1', type: 'VAT' }], [['/0/type', 'INVALID_VALUE']]],
      [
        'an unknown field',
        [{ governmentId: '1', type: 'EIN', country: 'US' }],
        [['/0/country', 'UNKNOWN_FIELD']],
      ],
      ['an item that is not an object', ['123456789'], [['/0', 'INVALID_FORMAT']]],
      [
        'errors in several items',
        [{ governmentId: 'ok-1', type: 'EIN' }, { type: 'SSN' }, { governmentId: 'x', type: 'PASSPORT' }],
        [
          ['/1/governmentId', 'REQUIRED'],
          ['/2/type', 'INVALID_VALUE'],
        ],
      ],
      [
        'the same id twice',
        [
          { governmentId: 'dup', type: 'EIN' },
          { governmentId: 'dup', type: 'EIN' },
        ],
        [['/1', 'INVALID_VALUE']],
      ],
      ['an object instead of an array', { governmentId: '1', type: 'EIN' }, [['', 'INVALID_FORMAT']]],
      [
        'more than ten ids',
        Array.from({ length: 11 }, (_, i) => ({ governmentId: `id-${i}`, type: 'EIN' })),
        [['', 'OUT_OF_RANGE']],
      ],
    ])('refuses %s', async (_what, payload, expected) => {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expectCommerceError(body, 'INVALID_REQUEST');
      expect(body.details).toEqual(
        expected.map(([field, issue]) => expect.objectContaining({ field, issue, location: 'body' })),
      );
    });

    it('never echoes a government id in an error', async () => {
      const secret = '987654321'.repeat(8);
      const res = await put([{ governmentId: secret, type: 'SSN' }]);
      expect(res.statusCode).toBe(400);
      expect(res.payload).not.toContain('987654321');
      expect(res.json().details[0]).not.toHaveProperty('value');
    });

    it('refuses no body at all', async () => {
      const res = await t.inject({
        method: 'PUT',
        url: `/v1/commerce/stores/${storeId}/government-ids`,
        headers: writer.headers,
      });
      expect(res.statusCode).toBe(400);
      expectCommerceError(res.json(), 'INVALID_REQUEST');
    });

    it('refuses a storeId that is not a uuid with a path detail', async () => {
      const res = await put([], writer, 'nope');
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        expect.objectContaining({ issue: 'INVALID_FORMAT', field: 'storeId', location: 'path' }),
      ]);
    });
  });

  describe('access', () => {
    it('a commerce.store:read token gets 403', async () => {
      const res = await put([{ governmentId: '1', type: 'EIN' }], reader);
      expect(res.statusCode).toBe(403);
      expectCommerceError(res.json(), 'FORBIDDEN');
    });

    it('answers 401 without a token', async () => {
      const res = await t.inject({
        method: 'PUT',
        url: `/v1/commerce/stores/${storeId}/government-ids`,
        payload: [],
      });
      expect(res.statusCode).toBe(401);
      expectCommerceError(res.json(), 'UNAUTHORIZED');
    });

    it("answers 404 STORE_NOT_FOUND for an unknown store and another account's store, changing nothing", async () => {
      await put([{ governmentId: 'KEEP-ME-1', type: 'EIN' }]);
      const stranger = await t.newCredential(['commerce.store:update']);
      for (const res of [
        await put([{ governmentId: '1', type: 'EIN' }], stranger),
        await put([{ governmentId: '1', type: 'EIN' }], writer, UNKNOWN_STORE),
      ]) {
        expect(res.statusCode).toBe(404);
        expectCommerceError(res.json(), 'STORE_NOT_FOUND');
      }
      expect(await rows()).toHaveLength(1);
    });
  });
});
