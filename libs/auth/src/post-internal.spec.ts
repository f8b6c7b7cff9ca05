import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import { freePort } from '@platform/testing';
import { InternalServiceUnavailableError, postInternal } from './internal-call';

describe('postInternal (one service calling another’s internal routes)', () => {
  const seen: { credential: unknown; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ credential: req.headers[INTERNAL_CREDENTIAL_HEADER], body });
      const status = Number(req.url?.split('/').pop());
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: `S${status}` }));
    });
  });
  let baseUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the payload with the internal credential and returns any status below 500 but 429 to map', async () => {
    const answer = await postInternal(
      { baseUrl, credential: 'cred' },
      '/internal/404',
      { a: 1 },
      'the catalog',
    );
    expect(answer).toEqual({ status: 404, body: { code: 'S404' } });
    expect(seen.at(-1)).toEqual({ credential: 'cred', body: '{"a":1}' });
  });

  it.each([500, 503, 429])('turns a %i into 503 SERVICE_UNAVAILABLE', async (status) => {
    const call = postInternal({ baseUrl, credential: 'cred' }, `/internal/${status}`, {}, 'the tax subgraph');
    await expect(call).rejects.toBeInstanceOf(InternalServiceUnavailableError);
    await expect(call).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: `the tax subgraph answered ${status}`,
    });
  });

  it('turns no answer at all into 503 SERVICE_UNAVAILABLE naming the service', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    await expect(
      postInternal({ baseUrl: dead, credential: 'cred' }, '/internal/x', {}, 'the catalog'),
    ).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/^the catalog unreachable: /),
    });
  });
});
