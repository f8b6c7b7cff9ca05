import type { OpenAPIObject } from '@nestjs/swagger';
import { finishCommerceDocument, toStableJson } from './commerce-openapi';

const doc = (paths: object, schemas: object = {}): OpenAPIObject =>
  ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } }) as OpenAPIObject;

describe('finishCommerceDocument', () => {
  it('turns OpenAPI 3.0 nullable into 3.1 type unions, also around a $ref', () => {
    const finished = finishCommerceDocument(
      doc(
        {},
        {
          A: {
            type: 'object',
            properties: {
              s: { type: 'string', nullable: true },
              r: { allOf: [{ $ref: '#/components/schemas/B' }], nullable: true },
              n: { type: 'integer' },
            },
          },
        },
      ),
    );
    expect((finished.components as { schemas: Record<string, unknown> }).schemas.A).toEqual({
      type: 'object',
      properties: {
        s: { type: ['string', 'null'] },
        r: { anyOf: [{ allOf: [{ $ref: '#/components/schemas/B' }] }, { type: 'null' }] },
        n: { type: 'integer' },
      },
    });
  });

  it('gives error answers the commerce error object and authenticated operations 401, 403 and 429', () => {
    const finished = finishCommerceDocument(
      doc({
        '/a': {
          get: {
            security: [{ bearer: [] }],
            responses: { '200': { description: 'ok' }, '404': { description: 'nf' } },
          },
        },
        '/b': { get: { responses: { '200': { description: 'ok' } } } },
      }),
    );
    const paths = finished.paths as Record<
      string,
      { get: { responses: Record<string, { content?: unknown }> } }
    >;
    const a = paths['/a'].get.responses;
    expect(Object.keys(a).sort()).toEqual(['200', '401', '403', '404', '429']);
    for (const status of ['401', '403', '404'])
      expect(a[status].content).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/CommerceError' } },
      });
    expect(a['429'].content).toBeUndefined();
    expect(a['200'].content).toBeUndefined();
    expect(Object.keys(paths['/b'].get.responses)).toEqual(['200']);
  });
});

describe('toStableJson', () => {
  it('sorts keys at every level, keeps array order and ends with a newline', () => {
    expect(toStableJson({ b: 1, a: [{ d: 1, c: 2 }, 0] })).toBe(
      '{\n  "a": [\n    {\n      "c": 2,\n      "d": 1\n    },\n    0\n  ],\n  "b": 1\n}\n',
    );
  });
});
