import { randomUUID } from 'node:crypto';
import { waitFor } from '@platform/testing';
import { useIdempotencyTestApp } from './support/idempotency-test-app';
import { Calls, Gate } from './support/test-routes.controller';

interface DomainsError {
  code: string;
  message: string;
  fields?: { path: string; code: string; message: string }[];
}

describe('@Idempotent() (domains error shape)', () => {
  const service = useIdempotencyTestApp('idempotency-domains', 'domains');

  const post = (url: string, key: string, body: object = {}) =>
    service().app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${service().token}`, 'idempotency-key': key },
      payload: body,
    });

  it('answers a key in flight 409 with code IDEMPOTENCY_KEY_IN_USE', async () => {
    const key = randomUUID();
    const gate = new Gate();
    Calls.gate = gate;
    const first = post('/mailboxes', key);
    await waitFor(() => Calls.of('mailboxes') === 1, { what: 'the first request to hold the key' });
    const r = await post('/mailboxes', key);
    gate.release();
    expect((await first).statusCode).toBe(202);
    expect(r.statusCode).toBe(409);
    expect(r.json<DomainsError>()).toEqual({
      code: 'IDEMPOTENCY_KEY_IN_USE',
      message: expect.any(String),
      fields: [{ path: 'Idempotency-Key', code: 'IDEMPOTENCY_KEY_IN_USE', message: expect.any(String) }],
    });
  });

  it('answers a key reused with another body 422 with code IDEMPOTENCY_KEY_MISMATCH', async () => {
    const key = randomUUID();
    await post('/mailboxes', key, { domain: 'example.com' });
    const r = await post('/mailboxes', key, { domain: 'example.net' });
    expect(r.statusCode).toBe(422);
    expect(r.json<DomainsError>()).toEqual(
      expect.objectContaining({
        code: 'IDEMPOTENCY_KEY_MISMATCH',
        fields: [expect.objectContaining({ path: 'Idempotency-Key', code: 'IDEMPOTENCY_KEY_MISMATCH' })],
      }),
    );
  });

  it('answers a malformed key 400 with a field naming the header', async () => {
    const r = await post('/mailboxes', 'too-short');
    expect(r.statusCode).toBe(400);
    expect(r.json<DomainsError>()).toEqual(
      expect.objectContaining({
        code: 'INVALID_FORMAT',
        fields: [expect.objectContaining({ path: 'Idempotency-Key', code: 'OUT_OF_RANGE' })],
      }),
    );
  });
});
