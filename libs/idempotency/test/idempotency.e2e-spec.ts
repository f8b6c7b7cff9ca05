import { randomUUID } from 'node:crypto';
import { waitFor } from '@platform/testing';
import { IdempotencyRecordEntity } from '../src';
import { useIdempotencyTestApp } from './support/idempotency-test-app';
import { Calls, Gate } from './support/test-routes.controller';

interface CommerceError {
  name: string;
  message: string;
  details: { issue: string; field?: string; value?: string; location: string }[];
}

const key16 = () => randomUUID().replace(/-/g, '').slice(0, 16);

describe('@Idempotent() (commerce error shape)', () => {
  const service = useIdempotencyTestApp('idempotency', 'commerce');

  const send = (options: {
    method?: 'POST' | 'PATCH';
    url: string;
    key?: string;
    body?: object;
    bearer?: string;
    headers?: Record<string, string>;
  }) =>
    service().app.inject({
      method: options.method ?? 'POST',
      url: options.url,
      headers: {
        authorization: `Bearer ${options.bearer ?? service().token}`,
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
        ...options.headers,
      },
      payload: options.body ?? {},
    });

  const records = () => service().dataSource.getRepository(IdempotencyRecordEntity);

  it('runs the first request and stores its status, headers and body as COMPLETED for 24 h', async () => {
    const key = key16();
    const r = await send({ url: '/mailboxes', key, body: { domain: 'example.com' } });
    expect(r.statusCode).toBe(202);
    expect(r.headers['idempotent-replayed']).toBeUndefined();
    const row = await records().findOneByOrFail({ idempotencyKey: key });
    expect(row).toEqual(
      expect.objectContaining({
        route: 'POST /mailboxes',
        state: 'COMPLETED',
        responseStatus: 202,
        responseHeaders: { location: r.headers.location },
        responseBody: r.json(),
      }),
    );
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - (row.completedAt as Date).getTime()).toBe(24 * 3600 * 1000);
  });

  it('replays the original status, headers and body byte for byte without running the handler again', async () => {
    const key = key16();
    const first = await send({ url: '/mailboxes', key, body: { domain: 'example.com', b: 1, a: 2 } });
    const requestId = randomUUID();
    const again = await send({
      url: '/mailboxes',
      key,
      body: { a: 2, b: 1, domain: 'example.com' },
      headers: { 'x-request-id': requestId },
    });
    expect(Calls.of('mailboxes')).toBe(1);
    expect(again.statusCode).toBe(202);
    expect(again.payload).toBe(first.payload);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The replay is a new request: it carries its own request id, not the original one.
    expect(again.headers['x-request-id']).toBe(requestId);
  });

  it('runs the handler once for 20 concurrent requests with one key: one answer, the rest 409 in flight', async () => {
    const key = key16();
    Calls.gate = new Gate();
    let answered = 0;
    const pending = Array.from({ length: 20 }, () =>
      send({ url: '/mailboxes', key, body: { domain: 'example.com' } }).then((r) => {
        answered += 1;
        return r;
      }),
    );
    await waitFor(() => answered === 19, { what: '19 requests answered while the first is held' });
    Calls.gate.release();
    const responses = await Promise.all(pending);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([202, ...Array<number>(19).fill(409)]);
    expect(Calls.of('mailboxes')).toBe(1);
    const conflict = responses.find((r) => r.statusCode === 409) as (typeof responses)[number];
    expect(conflict.json<CommerceError>()).toEqual(
      expect.objectContaining({
        name: 'IDEMPOTENCY_KEY_IN_USE',
        details: [
          expect.objectContaining({
            issue: 'IDEMPOTENCY_KEY_IN_USE',
            field: 'Idempotency-Key',
            location: 'header',
          }),
        ],
      }),
    );
    const later = await send({ url: '/mailboxes', key, body: { domain: 'example.com' } });
    expect([later.statusCode, later.headers['idempotent-replayed']]).toEqual([202, 'true']);
  });

  it('never answers 500 to a burst of concurrent requests with one key', async () => {
    const key = key16();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send({ url: '/mailboxes', key, body: { n: 1 } })),
    );
    expect(Calls.of('mailboxes')).toBe(1);
    expect(responses.filter((r) => r.statusCode === 202 && !r.headers['idempotent-replayed'])).toHaveLength(
      1,
    );
    for (const r of responses) expect([202, 409]).toContain(r.statusCode);
  });

  it('answers 422 IDEMPOTENCY_KEY_MISMATCH when the key comes back with another body', async () => {
    const key = key16();
    await send({ url: '/mailboxes', key, body: { domain: 'example.com' } });
    const r = await send({ url: '/mailboxes', key, body: { domain: 'example.org' } });
    expect(r.statusCode).toBe(422);
    const body = r.json<CommerceError>();
    expect(body.name).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect(body.details.map((d) => d.issue)).toEqual(['IDEMPOTENCY_KEY_MISMATCH']);
    expect(Calls.of('mailboxes')).toBe(1);
  });

  it('answers 422 for the same key and body on another path parameter of the route', async () => {
    const key = randomUUID();
    expect((await send({ url: '/apps/NODEJS-a/deployments', key })).statusCode).toBe(202);
    expect((await send({ url: '/apps/NODEJS-b/deployments', key })).statusCode).toBe(422);
  });

  describe('key format', () => {
    it('rejects a non-uuid key on a uuid route with a header violation', async () => {
      const r = await send({ method: 'PATCH', url: '/apps/NODEJS-a/secrets', key: 'a'.repeat(36) });
      expect(r.statusCode).toBe(400);
      expect(r.json<CommerceError>()).toEqual(
        expect.objectContaining({
          name: 'INVALID_REQUEST',
          details: [
            expect.objectContaining({
              issue: 'INVALID_FORMAT',
              field: 'Idempotency-Key',
              location: 'header',
            }),
          ],
        }),
      );
      expect(Calls.of('secrets')).toBe(0);
    });

    it('requires the key where the route says so', async () => {
      const r = await send({ method: 'PATCH', url: '/apps/NODEJS-a/secrets' });
      expect(r.statusCode).toBe(400);
      expect(r.json<CommerceError>().details).toEqual([
        expect.objectContaining({ issue: 'REQUIRED', field: 'Idempotency-Key' }),
      ]);
    });

    it('accepts a uuid key on a uuid route', async () => {
      const r = await send({
        method: 'PATCH',
        url: '/apps/NODEJS-a/secrets',
        key: randomUUID(),
        body: { A: 1 },
      });
      expect(r.statusCode).toBe(200);
    });

    it('rejects 15 and 65 characters and accepts 16 and 64 on a 16–64 route', async () => {
      const statuses = [];
      for (const length of [15, 16, 64, 65])
        statuses.push(
          (await send({ url: '/mailboxes', key: 'k'.repeat(length - 6) + key16().slice(0, 6) })).statusCode,
        );
      expect(statuses).toEqual([400, 202, 202, 400]);
    });

    it('runs every request without a key when the key is optional', async () => {
      const first = await send({ url: '/mailboxes', body: { domain: 'example.com' } });
      const second = await send({ url: '/mailboxes', body: { domain: 'example.com' } });
      expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(Calls.of('mailboxes')).toBe(2);
    });
  });

  describe('scope', () => {
    it('keeps keys per credential: another token with the same key and body runs again', async () => {
      const key = key16();
      await send({ url: '/mailboxes', key, body: { domain: 'example.com' } });
      const other = await send({
        url: '/mailboxes',
        key,
        body: { domain: 'example.com' },
        bearer: await service().newToken(),
      });
      expect(other.statusCode).toBe(202);
      expect(other.headers['idempotent-replayed']).toBeUndefined();
      expect(Calls.of('mailboxes')).toBe(2);
    });

    it('keeps keys per route: the same key on another route runs there', async () => {
      const key = key16();
      await send({ url: '/mailboxes', key, body: {} });
      const other = await send({ url: '/mailboxes/other', key, body: {} });
      expect(other.statusCode).toBe(202);
      expect(other.headers['idempotent-replayed']).toBeUndefined();
      expect([Calls.of('mailboxes'), Calls.of('other')]).toEqual([1, 1]);
    });
  });

  it('treats an expired record as absent, even before the purge removed it', async () => {
    const key = key16();
    await send({ url: '/mailboxes', key, body: { domain: 'example.com' } });
    await records().update({ idempotencyKey: key }, { expiresAt: new Date(Date.now() - 1000) });
    const r = await send({ url: '/mailboxes', key, body: { domain: 'another.example' } });
    expect(r.statusCode).toBe(202);
    expect(r.headers['idempotent-replayed']).toBeUndefined();
    expect(Calls.of('mailboxes')).toBe(2);
    const row = await records().findOneByOrFail({ idempotencyKey: key });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
  });

  it('releases the key when the handler fails, so the same request can be retried', async () => {
    const key = key16();
    Calls.failures = 1;
    const failed = await send({ url: '/mailboxes/flaky', key });
    expect(failed.statusCode).toBe(503);
    expect(await records().countBy({ idempotencyKey: key })).toBe(0);
    const retried = await send({ url: '/mailboxes/flaky', key });
    expect([retried.statusCode, retried.json()]).toEqual([202, { call: 2 }]);
    const replayed = await send({ url: '/mailboxes/flaky', key });
    expect([replayed.statusCode, replayed.json(), replayed.headers['idempotent-replayed']]).toEqual([
      202,
      { call: 2 },
      'true',
    ]);
  });

  describe('an IN_FLIGHT claim older than the lease (its process died)', () => {
    it('is taken over by the same request, whose response then replays', async () => {
      const key = key16();
      const gate = new Gate();
      Calls.gate = gate;
      const stuck = send({ url: '/mailboxes/other', key });
      await waitFor(() => Calls.of('other') === 1, { what: 'the first request to hold the key' });
      expect((await send({ url: '/mailboxes/other', key })).statusCode).toBe(409);
      await records().update({ idempotencyKey: key }, { createdAt: new Date(Date.now() - 61_000) });
      Calls.gate = undefined;
      const takeover = await send({ url: '/mailboxes/other', key });
      expect([takeover.statusCode, takeover.json()]).toEqual([202, { call: 2 }]);
      // The first run lost its claim: it still answers its own caller but cannot overwrite the record.
      gate.release();
      const first = await stuck;
      expect([first.statusCode, first.json()]).toEqual([202, { call: 1 }]);
      const replay = await send({ url: '/mailboxes/other', key });
      expect([replay.json(), replay.headers['idempotent-replayed']]).toEqual([{ call: 2 }, 'true']);
    });

    it('is not taken over by a different request: 422', async () => {
      const key = key16();
      await send({ url: '/mailboxes', key, body: { v: 1 } });
      await records().update(
        { idempotencyKey: key },
        {
          state: 'IN_FLIGHT',
          createdAt: new Date(Date.now() - 61_000),
          completedAt: null,
          responseStatus: null,
        },
      );
      expect((await send({ url: '/mailboxes', key, body: { v: 2 } })).statusCode).toBe(422);
    });
  });
});
