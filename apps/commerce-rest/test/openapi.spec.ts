import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMERCE_OPENAPI_FILE, buildCommerceOpenApi, toStableJson } from '../src/openapi/commerce-openapi';

const ROOT = join(__dirname, '../../..');
const REGENERATE =
  'ts-node --transpile-only -r tsconfig-paths/register -P apps/commerce-rest/tsconfig.app.json ' +
  'apps/commerce-rest/src/openapi/write-openapi.ts';

type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};

describe('commerce OpenAPI document', () => {
  let generated: string;
  let document: {
    openapi: string;
    info: { title: string };
    paths: Record<string, Record<string, Operation>>;
  };

  beforeAll(async () => {
    generated = toStableJson(await buildCommerceOpenApi());
    document = JSON.parse(generated);
  });

  // Compared as documents (the committed file is Prettier-formatted; layout is not content).
  it(`is committed up to date in ${COMMERCE_OPENAPI_FILE}`, () => {
    const committed = toStableJson(JSON.parse(readFileSync(join(ROOT, COMMERCE_OPENAPI_FILE), 'utf8')));
    if (committed !== generated) {
      const [a, b] = [committed.split('\n'), generated.split('\n')];
      const line = a.findIndex((text, i) => text !== b[i]);
      throw new Error(
        `${COMMERCE_OPENAPI_FILE} is stale (first difference: committed ${JSON.stringify(a[line])}, ` +
          `generated ${JSON.stringify(b[line])}). Regenerate it:\n  ${REGENERATE}`,
      );
    }
  });

  it('is committed with its keys sorted, so regenerating it gives small diffs', () => {
    const text = readFileSync(join(ROOT, COMMERCE_OPENAPI_FILE), 'utf8');
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(JSON.parse(toStableJson(JSON.parse(text)))));
  });

  it('is generated the same on every run', async () => {
    expect(toStableJson(await buildCommerceOpenApi())).toBe(generated);
  });

  it('is an OpenAPI 3.1 document with no 3.0-only nullable keyword', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Commerce');
    expect(generated).not.toContain('"nullable"');
  });

  it('documents the transaction operations', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v2/commerce/stores/{storeId}/transactions',
        '/v2/commerce/stores/{storeId}/transactions/{transactionId}',
      ]),
    );
  });

  it('gives every 4XX and 5XX answer the commerce error object, and 429 no body', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status === '429') expect(response.content).toBeUndefined();
        else if (/^[45]/.test(status))
          expect(response.content?.['application/json'].schema.$ref).toBe(
            '#/components/schemas/CommerceError',
          );
      }
      if (operation.security?.length)
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
  });
});
