import { type TestCredential, waitFor } from '@platform/testing';
import { StoreAttributesRepository } from '../src/modules/stores/attributes/store-attributes.repository';
import { expectCommerceError } from './support/commerce-errors';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

const UNKNOWN_STORE = '00000000-0000-4000-8000-000000000000';

describe('store attributes: GET/PUT/DELETE /v1/commerce/stores/{storeId}/attributes/{attrName}', () => {
  let t: CommerceTestApp;
  let owner: TestCredential;
  let reader: TestCredential;
  let writer: TestCredential;
  let storeId: string;

  beforeAll(async () => {
    t = await startCommerceTestApp('store-attributes');
    owner = await t.newCredential(['commerce.store:read', 'commerce.store:update']);
    reader = await t.newCredential(['commerce.store:read'], owner.accountId);
    writer = await t.newCredential(['commerce.store:update'], owner.accountId);
    ({ storeId } = await t.newStore(owner.accountId, {
      attributeKeys: ['color', 'size', 'promo', 'flash', 'gone', 'name.with-dots_1'],
    }));
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (name: string, id = storeId) =>
    `/v1/commerce/stores/${id}/attributes/${encodeURIComponent(name)}`;
  const get = (name: string, cred = owner, id = storeId) =>
    t.inject({ method: 'GET', url: url(name, id), headers: cred.headers });
  const put = (name: string, payload: unknown, cred = owner, id = storeId) =>
    t.inject({ method: 'PUT', url: url(name, id), headers: cred.headers, payload: payload as object });
  const del = (name: string, cred = owner, id = storeId) =>
    t.inject({ method: 'DELETE', url: url(name, id), headers: cred.headers });

  describe('GET', () => {
    it('answers 404 BUSINESS_ATTRIBUTE_NOT_FOUND for an allow-listed key never set', async () => {
      const res = await get('size');
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expectCommerceError(body, 'BUSINESS_ATTRIBUTE_NOT_FOUND');
      expect(body.details).toEqual([
        expect.objectContaining({
          issue: 'BUSINESS_ATTRIBUTE_NOT_FOUND',
          field: 'attrName',
          location: 'path',
        }),
      ]);
    });

    it('answers 400 INVALID_REQUEST (issue INVALID_REQUEST) for a key outside the allow-list', async () => {
      const res = await get('weight');
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expectCommerceError(body, 'INVALID_REQUEST');
      expect(body.details).toEqual([
        expect.objectContaining({
          issue: 'INVALID_REQUEST',
          field: 'attrName',
          location: 'path',
          value: 'weight',
        }),
      ]);
    });

    it('answers 400 with a path detail when storeId is not a uuid', async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/v1/commerce/stores/123/attributes/color',
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(400);
      expectCommerceError(res.json(), 'INVALID_REQUEST');
      expect(res.json().details).toEqual([
        expect.objectContaining({ issue: 'INVALID_FORMAT', field: 'storeId', location: 'path' }),
      ]);
    });

    it('answers 404 STORE_NOT_FOUND for an unknown store', async () => {
      const res = await get('color', owner, UNKNOWN_STORE);
      expect(res.statusCode).toBe(404);
      expectCommerceError(res.json(), 'STORE_NOT_FOUND');
    });
  });

  describe('PUT then GET', () => {
    it('sets a value (200 {<attrName>: value}) that GET then reads', async () => {
      const res = await put('color', { value: 'blue' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ color: 'blue' });
      const read = await get('color', reader);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ color: 'blue' });
    });

    it('replaces a value', async () => {
      await put('size', { value: 'M' });
      expect((await put('size', { value: 'L' })).json()).toEqual({ size: 'L' });
      expect((await get('size')).json()).toEqual({ size: 'L' });
    });

    it('accepts keys with dots, dashes and underscores, and values up to 256 characters', async () => {
      const value = 'é'.repeat(256);
      expect((await put('name.with-dots_1', { value })).statusCode).toBe(200);
      expect((await get('name.with-dots_1')).json()).toEqual({ 'name.with-dots_1': value });
    });

    it('answers 400 INVALID_REQUEST when setting a key outside the allow-list', async () => {
      const res = await put('weight', { value: '3kg' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        expect.objectContaining({ issue: 'INVALID_REQUEST', field: 'attrName', location: 'path' }),
      ]);
    });

    it.each<[string, unknown, string, string]>([
      ['a missing value', {}, '/value', 'REQUIRED'],
      ['a null value', { value: null }, '/value', 'REQUIRED'],
      ['a number', { value: 42 }, '/value', 'INVALID_FORMAT'],
      ['a boolean', { value: true }, '/value', 'INVALID_FORMAT'],
      ['an object', { value: { a: 'b' } }, '/value', 'INVALID_FORMAT'],
      ['a value of 257 characters', { value: 'x'.repeat(257) }, '/value', 'OUT_OF_RANGE'],
      ['a ttl of 0', { value: 'x', ttl: 0 }, '/ttl', 'OUT_OF_RANGE'],
      ['a fractional ttl', { value: 'x', ttl: 1.5 }, '/ttl', 'INVALID_FORMAT'],
      ['a ttl given as a string', { value: 'x', ttl: '60' }, '/ttl', 'INVALID_FORMAT'],
      ['a ttl above one year', { value: 'x', ttl: 31_536_001 }, '/ttl', 'OUT_OF_RANGE'],
      ['an unknown field', { value: 'x', expiresAt: 'soon' }, '/expiresAt', 'UNKNOWN_FIELD'],
    ])('answers 400 for %s, with a JSON-pointer body detail', async (_what, payload, field, issue) => {
      const res = await put('color', payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expectCommerceError(body, 'INVALID_REQUEST');
      expect(body.details).toEqual([expect.objectContaining({ issue, field, location: 'body' })]);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await t.inject({
        method: 'PUT',
        url: url('color'),
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: '{"value": ',
      });
      expect(res.statusCode).toBe(400);
      expectCommerceError(res.json(), 'INVALID_BODY');
    });

    it('answers 400 for no body at all', async () => {
      const res = await t.inject({ method: 'PUT', url: url('color'), headers: owner.headers });
      expect(res.statusCode).toBe(400);
      expectCommerceError(res.json(), 'INVALID_REQUEST');
    });

    it('answers 404 STORE_NOT_FOUND for an unknown store', async () => {
      const res = await put('color', { value: 'x' }, owner, UNKNOWN_STORE);
      expect(res.statusCode).toBe(404);
      expectCommerceError(res.json(), 'STORE_NOT_FOUND');
    });
  });

  describe('ephemeral attributes (ttl)', () => {
    it('is readable until it expires, then answers 404 BUSINESS_ATTRIBUTE_NOT_FOUND', async () => {
      expect((await put('flash', { value: 'now', ttl: 1 })).statusCode).toBe(200);
      expect((await get('flash')).json()).toEqual({ flash: 'now' });
      const expired = await waitFor(
        async () => {
          const res = await get('flash');
          return res.statusCode === 404 ? res : undefined;
        },
        { timeoutMs: 5000, what: 'the 1-second attribute to expire' },
      );
      expectCommerceError(expired.json(), 'BUSINESS_ATTRIBUTE_NOT_FOUND');
    });

    it('reads an attribute whose expiry has passed as not set, and DELETE of it answers 404', async () => {
      await put('gone', { value: 'soon', ttl: 3600 });
      await t.dataSource.query(
        `UPDATE "commerce"."store_attributes" SET "expires_at" = now() - interval '1 second' WHERE "store_id" = $1 AND "name" = 'gone'`,
        [storeId],
      );
      expect((await get('gone')).statusCode).toBe(404);
      expect((await del('gone')).statusCode).toBe(404);
    });

    it('sets the expiry ttl seconds from now, and a later PUT without ttl makes it persistent', async () => {
      await put('promo', { value: 'SPRING', ttl: 600 });
      const [row] = await t.dataSource.query(
        `SELECT extract(epoch FROM "expires_at" - now()) AS "left" FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "name" = 'promo'`,
        [storeId],
      );
      expect(Number(row.left)).toBeGreaterThan(590);
      expect(Number(row.left)).toBeLessThanOrEqual(600);
      await put('promo', { value: 'ALWAYS' });
      const [after] = await t.dataSource.query(
        `SELECT "expires_at" FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "name" = 'promo'`,
        [storeId],
      );
      expect(after.expires_at).toBeNull();
    });

    it('the purge deletes expired rows of every store and keeps live ones', async () => {
      const other = await t.newStore(owner.accountId, { attributeKeys: ['color'] });
      await t.dataSource.query(
        `INSERT INTO "commerce"."store_attributes" ("store_id", "name", "value", "expires_at") VALUES
         ($1, 'color', 'stale', now() - interval '1 minute')`,
        [other.storeId],
      );
      const deleted = await t.app.get(StoreAttributesRepository).purgeExpired(1);
      expect(deleted).toBeGreaterThanOrEqual(1);
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int AS "count" FROM "commerce"."store_attributes" WHERE "expires_at" <= now()`,
      );
      expect(count).toBe(0);
      expect((await get('color')).json()).toEqual({ color: 'blue' });
    });
  });

  describe('DELETE', () => {
    it('answers 200 with the value it deleted; the attribute is then not set', async () => {
      await put('size', { value: 'XS' });
      const res = await del('size', writer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ size: 'XS' });
      expect((await get('size')).statusCode).toBe(404);
    });

    it('answers 404 BUSINESS_ATTRIBUTE_NOT_FOUND when the attribute is not set', async () => {
      const res = await del('size');
      expect(res.statusCode).toBe(404);
      expectCommerceError(res.json(), 'BUSINESS_ATTRIBUTE_NOT_FOUND');
    });

    it('answers 400 INVALID_REQUEST for a key outside the allow-list', async () => {
      const res = await del('weight');
      expect(res.statusCode).toBe(400);
      expectCommerceError(res.json(), 'INVALID_REQUEST');
    });
  });

  describe('scopes: each method needs exactly its scope', () => {
    it('a commerce.store:read token reads but gets 403 on PUT and DELETE', async () => {
      expect((await get('color', reader)).statusCode).toBe(200);
      for (const res of [await put('color', { value: 'red' }, reader), await del('color', reader)]) {
        expect(res.statusCode).toBe(403);
        expectCommerceError(res.json(), 'FORBIDDEN');
      }
      expect((await get('color')).json()).toEqual({ color: 'blue' });
    });

    it('a commerce.store:update token writes but gets 403 on GET', async () => {
      expect((await put('color', { value: 'blue' }, writer)).statusCode).toBe(200);
      const res = await get('color', writer);
      expect(res.statusCode).toBe(403);
      expectCommerceError(res.json(), 'FORBIDDEN');
    });

    it('answers 401 without a token', async () => {
      const res = await t.inject({ method: 'GET', url: url('color') });
      expect(res.statusCode).toBe(401);
      expectCommerceError(res.json(), 'UNAUTHORIZED');
    });
  });

  describe("another account's store", () => {
    it('answers 404 STORE_NOT_FOUND on GET, PUT and DELETE, and changes nothing', async () => {
      const stranger = await t.newCredential(['commerce.store:read', 'commerce.store:update']);
      for (const res of [
        await get('color', stranger),
        await put('color', { value: 'hijacked' }, stranger),
        await del('color', stranger),
        await get('weight', stranger),
      ]) {
        expect(res.statusCode).toBe(404);
        expectCommerceError(res.json(), 'STORE_NOT_FOUND');
      }
      expect((await get('color')).json()).toEqual({ color: 'blue' });
    });
  });
});
