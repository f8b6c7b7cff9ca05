import Fastify from 'fastify';
import { MAX_JSON_DEPTH, installJsonBodyParser, nestingDepth } from './json-body-parser';

describe('installJsonBodyParser', () => {
  const app = () => {
    const fastify = Fastify();
    installJsonBodyParser(fastify);
    // The parser's errors are PlatformErrors (status, code), which the area's filter renders.
    fastify.setErrorHandler((err: { status?: number; code?: string; message: string }, _req, reply) =>
      reply.status(err.status ?? 500).send({ code: err.code, message: err.message }),
    );
    fastify.post('/echo', async (req) => ({ body: req.body ?? null }));
    return fastify;
  };
  const post = (payload: string) =>
    app().inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

  it(`takes JSON nested ${MAX_JSON_DEPTH} levels deep`, async () => {
    const res = await post('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH));
    expect(res.statusCode).toBe(200);
  });

  // Found by the OpenAPI fuzzer: 3000 nested arrays overflowed class-transformer's stack (500).
  it('answers 400 INVALID_BODY for JSON nested deeper, arrays or objects', async () => {
    for (const text of ['['.repeat(3000) + ']'.repeat(3000), '{"a":'.repeat(65) + '1' + '}'.repeat(65)]) {
      const res = await post(text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_BODY',
        message: `the request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      });
    }
  });

  it('still answers malformed JSON with 400 INVALID_BODY', async () => {
    const res = await post('{"a":');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_BODY');
  });
});

describe('nestingDepth', () => {
  it('counts nested arrays and objects, not scalars', () => {
    expect(nestingDepth(1)).toBe(0);
    expect(nestingDepth({})).toBe(1);
    expect(nestingDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(nestingDepth(JSON.parse('['.repeat(100000) + ']'.repeat(100000)))).toBeGreaterThan(MAX_JSON_DEPTH);
  });
});
