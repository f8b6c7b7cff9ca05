import type { OpenAPIObject } from '@nestjs/swagger';
import { OpenApiArea, finishOpenApiDocument, openApiOperationKeys } from './openapi-document';
import { toStableJson } from './openapi-json';

const doc = (paths: object, schemas: object = {}): OpenAPIObject =>
  ({ openapi: '3.0.0', info: { title: 't', version: '0' }, paths, components: { schemas } }) as OpenAPIObject;

const area = (operations: OpenApiArea['operations']): OpenApiArea => ({
  info: { title: 'Area', description: 'd', version: '1.0.0' },
  errorSchemas: { AreaError: { type: 'object' }, AreaLimit: { type: 'object' } },
  errorSchema: 'AreaError',
  limitSchema: 'AreaLimit',
  operations,
});

type Responses = Record<string, { description: string; content?: unknown }>;
const responsesOf = (finished: object, path: string, method = 'get'): Responses =>
  (finished as { paths: Record<string, Record<string, { responses: Responses }>> }).paths[path][method]
    .responses;
const body = (schema: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${schema}` } },
});

describe('finishOpenApiDocument', () => {
  it('turns OpenAPI 3.0 nullable into 3.1 type unions, also around a $ref', () => {
    const finished = finishOpenApiDocument(
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
      area({}),
    );
    expect(finished.openapi).toBe('3.1.0');
    expect((finished.components as { schemas: Record<string, unknown> }).schemas.A).toEqual({
      type: 'object',
      properties: {
        s: { type: ['string', 'null'] },
        r: { anyOf: [{ allOf: [{ $ref: '#/components/schemas/B' }] }, { type: 'null' }] },
        n: { type: 'integer' },
      },
    });
  });

  it("takes the area's info with the platform's licence, and names the gateway as the server", () => {
    const finished = finishOpenApiDocument(doc({}), area({}));
    expect(finished.info).toEqual({
      title: 'Area',
      description: 'd',
      version: '1.0.0',
      license: {
        name: 'Proprietary (UNLICENSED): all rights reserved',
        identifier: 'LicenseRef-Proprietary',
      },
    });
    expect(finished.servers).toEqual([
      { url: 'http://127.0.0.1:8080', description: expect.stringContaining('gateway') },
    ]);
  });

  it('adds the error schemas its answers use, and none that nothing references', () => {
    const schemasOf = (finished: object) =>
      Object.keys((finished as { components: { schemas: object } }).components.schemas);
    const get = { security: [{ bearer: [] }], responses: { '200': { description: 'ok' } } };
    // 401/403 use AreaError; a 429 without a body leaves AreaLimit unused.
    expect(
      schemasOf(
        finishOpenApiDocument(
          doc({ '/a': { get } }),
          area({ 'GET /a': { '429': { description: 'x', body: 'none' } } }),
        ),
      ),
    ).toEqual(['AreaError']);
    expect(
      schemasOf(
        finishOpenApiDocument(
          doc({ '/a': { get } }),
          area({ 'GET /a': { '429': { description: 'x', body: 'limit' } } }),
        ),
      ),
    ).toEqual(['AreaError', 'AreaLimit']);
    // A schema referenced only by another error schema stays while that one is used.
    const chained: OpenApiArea = {
      ...area({ 'GET /a': {} }),
      errorSchemas: {
        AreaError: { $ref: '#/components/schemas/Detail' },
        Detail: { type: 'object' },
        Spare: {},
      },
    };
    expect(schemasOf(finishOpenApiDocument(doc({ '/a': { get } }), chained))).toEqual([
      'AreaError',
      'Detail',
    ]);
    // The schemas of the application's own DTOs are never dropped.
    expect(schemasOf(finishOpenApiDocument(doc({}, { Dto: { type: 'object' } }), area({})))).toEqual(['Dto']);
  });

  it('marks an operation without a security requirement as public (an empty requirement)', () => {
    const finished = finishOpenApiDocument(
      doc({ '/public': { get: { responses: { '200': { description: 'ok' } } } } }),
      area({ 'GET /public': {} }),
    ) as { paths: Record<string, Record<string, { security: unknown[]; responses: object }>> };
    expect(finished.paths['/public'].get.security).toEqual([]);
    expect(Object.keys(finished.paths['/public'].get.responses)).toEqual(['200']);
  });

  it("declares the area's error answers with their bodies, and 401 and 403 on authenticated operations", () => {
    const finished = finishOpenApiDocument(
      doc({
        '/a/{id}': {
          get: {
            security: [{ bearer: [] }],
            responses: { '200': { description: 'ok' }, '404': { description: 'NOT_HERE: precise' } },
          },
        },
        '/b': { post: { responses: { '201': { description: 'ok' }, '409': { description: 'CONFLICT' } } } },
      }),
      area({
        'GET /a/{id}': {
          '400': 'BAD',
          '404': 'generic',
          '429': { description: 'no body', body: 'none' },
        },
        'POST /b': { '429': { description: 'limit', body: 'limit' } },
      }),
    );
    const a = responsesOf(finished, '/a/{id}');
    expect(Object.keys(a).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    expect(a['400']).toEqual({ description: 'BAD', content: body('AreaError') });
    expect(a['404']).toEqual({ description: 'NOT_HERE: precise', content: body('AreaError') });
    expect(a['401'].content).toEqual(body('AreaError'));
    expect(a['429']).toEqual({ description: 'no body' });
    expect(a['200'].content).toBeUndefined();
    const b = responsesOf(finished, '/b', 'post');
    expect(Object.keys(b).sort()).toEqual(['201', '409', '429']);
    expect(b['409'].content).toEqual(body('AreaError'));
    expect(b['429'].content).toEqual(body('AreaLimit'));
  });

  it("runs the area's prepare on the document first, so what it adds is finished like the rest", () => {
    const finished = finishOpenApiDocument(doc({ '/a': { get: { responses: {} } } }), {
      ...area({ 'GET /a': { '400': 'BAD' } }),
      prepare: (document) => {
        const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
        paths['/a'].get.operationId = 'prepared';
        paths['/a'].get.security = [{ bearer: [] }];
      },
    }) as { paths: Record<string, Record<string, { operationId: string; responses: object }>> };
    expect(finished.paths['/a'].get.operationId).toBe('prepared');
    expect(Object.keys(finished.paths['/a'].get.responses).sort()).toEqual(['400', '401', '403']);
  });

  it('refuses a document whose operations and error answers do not match, naming each', () => {
    const document = doc({ '/a': { get: { responses: {} } }, '/b': { put: { responses: {} } } });
    expect(() => finishOpenApiDocument(document, area({ 'GET /a': {}, 'DELETE /c': {} }))).toThrow(
      /operations missing from its OpenApiArea: PUT \/b; entries with no such operation: DELETE \/c/,
    );
  });
});

describe('openApiOperationKeys', () => {
  it('lists "METHOD /path" of every operation', () => {
    expect(
      openApiOperationKeys({
        paths: { '/a': { get: {}, post: {}, parameters: [] }, '/b/{id}': { delete: {} } },
      }),
    ).toEqual(['GET /a', 'POST /a', 'DELETE /b/{id}']);
  });
});

describe('toStableJson', () => {
  it('sorts keys at every level, keeps array order and ends with a newline', () => {
    expect(toStableJson({ b: 1, a: [{ d: 1, c: 2 }, 0] })).toBe(
      '{\n  "a": [\n    {\n      "c": 2,\n      "d": 1\n    },\n    0\n  ],\n  "b": 1\n}\n',
    );
  });
});
