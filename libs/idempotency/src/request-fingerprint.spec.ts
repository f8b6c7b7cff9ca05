import { canonicalJson, requestFingerprint } from './request-fingerprint';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('drops undefined members as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('hashes binary bodies by content', () => {
    expect(canonicalJson(Buffer.from('zip'))).toBe('{"$binary":"emlw"}');
  });
});

describe('requestFingerprint', () => {
  const base = {
    method: 'PATCH',
    route: '/v1/hosting/apps/:appId/secrets',
    params: { appId: 'NODEJS-abc' },
    query: { variant: 'PREVIEW' },
    body: [{ op: 'add', path: '/A', value: '1' }],
  };

  it('is the same for the same request with keys in another order', () => {
    const reordered = { ...base, body: [{ value: '1', path: '/A', op: 'add' }] };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(base));
    expect(requestFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['body', { body: [{ op: 'add', path: '/A', value: '2' }] }],
    [
      'operation order',
      {
        body: [
          { op: 'add', path: '/A', value: '1' },
          { op: 'remove', path: '/B' },
        ],
      },
    ],
    ['path parameter', { params: { appId: 'NODEJS-xyz' } }],
    ['query', { query: { variant: 'PUBLISH' } }],
    ['method', { method: 'PUT' }],
  ])('changes with the %s', (_what, change) => {
    expect(requestFingerprint({ ...base, ...change })).not.toBe(requestFingerprint(base));
  });
});
