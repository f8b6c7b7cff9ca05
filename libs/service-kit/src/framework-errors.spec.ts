import Fastify from 'fastify';
import { frameworkErrorResponder } from './framework-errors';

describe('frameworkErrorResponder', () => {
  const app = (family: 'commerce' | 'domains') => {
    const fastify = Fastify({
      frameworkErrors: frameworkErrorResponder(family),
      routerOptions: { maxParamLength: 10 },
    });
    fastify.get('/items/:id', async () => ({ ok: true }));
    return fastify;
  };

  it('answers a path that is not valid percent-encoding with 400 in the domains shape, not echoing the path', async () => {
    const res = await app('domains').inject({ method: 'GET', url: '/items/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_FORMAT',
      message: 'the request path is not valid percent-encoding',
      fields: [{ path: 'path', code: 'INVALID_FORMAT', message: 'not valid percent-encoding' }],
    });
  });

  it('answers a path parameter over maxParamLength with 400 INVALID_REQUEST in the commerce shape', async () => {
    const res = await app('commerce').inject({ method: 'GET', url: `/items/${'a'.repeat(50)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'OUT_OF_RANGE', field: 'path', location: 'path' }],
    });
    expect(res.body).not.toContain('a'.repeat(50));
  });
});
