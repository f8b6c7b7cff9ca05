import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonObject, openApiFileStaleness, toStableJson } from '@platform/service-kit';
import { FuzzResult, FuzzTarget, fuzzOperation, fuzzOperationsOf } from './openapi-fuzz';

const ROOT = join(__dirname, '../../..');

/** The committed document `file` (relative to the repository root), parsed. */
export function readCommittedOpenApi(file: string): JsonObject {
  return JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as JsonObject;
}

type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};

export interface CommittedOpenApiSuite {
  /** The committed document, relative to the repository root. */
  readonly file: string;
  readonly build: () => Promise<JsonObject>;
  readonly title: string;
  /** The component schema of the area's error object (CommerceError, Error). */
  readonly errorSchema: string;
  /** The component schema of a 429 body, when the area has one (ErrorLimit). */
  readonly limitSchema?: string;
}

/**
 * The checks every service's committed OpenAPI document passes (call inside a describe): up to
 * date (else a message naming `npm run openapi`), stable, OpenAPI 3.1, and every error answer with
 * a body in the area's error shape, every authenticated operation with 401 and 403.
 */
export function describeCommittedOpenApi(suite: CommittedOpenApiSuite): void {
  let document: JsonObject;
  let generated: string;

  beforeAll(async () => {
    document = await suite.build();
    generated = toStableJson(document);
  });

  it(`is committed up to date in ${suite.file} (else: npm run openapi)`, () => {
    const stale = openApiFileStaleness(suite.file, document);
    if (stale) throw new Error(stale);
  });

  it('is committed with its keys sorted, so regenerating it gives small diffs', () => {
    const text = readFileSync(join(ROOT, suite.file), 'utf8');
    expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(JSON.parse(toStableJson(JSON.parse(text)))));
  });

  it('is generated the same on every run', async () => {
    expect(toStableJson(await suite.build())).toBe(generated);
  });

  it('is an OpenAPI 3.1 document with no 3.0-only nullable keyword', () => {
    expect(document.openapi).toBe('3.1.0');
    expect((document.info as { title: string }).title).toBe(suite.title);
    expect(generated).not.toContain('"nullable"');
  });

  it("gives every error answer with a body the area's error schema, and authenticated operations 401 and 403", () => {
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const operations = Object.values(paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(0);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(schemas[suite.errorSchema]).toBeDefined();
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status) || response.content === undefined) continue;
        const ref = response.content['application/json'].schema.$ref ?? '';
        expect(ref.startsWith('#/components/schemas/')).toBe(true);
        const name = ref.slice('#/components/schemas/'.length);
        expect(
          status === '429' && suite.limitSchema
            ? [suite.errorSchema, suite.limitSchema]
            : [suite.errorSchema],
        ).toContain(name);
      }
      if (operation.security?.length)
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
}

/**
 * One `it` per operation of the committed document: fuzzes it (fuzzOperation) and expects no
 * problem. `target` is read when the tests run (after the suite's beforeAll). Prints the counts.
 */
export function describeOpenApiFuzz(file: string, target: () => FuzzTarget): void {
  const operations = fuzzOperationsOf(readCommittedOpenApi(file));
  const results: FuzzResult[] = [];

  it('covers every operation of the committed document', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it.each(operations.map((op) => [op.key, op] as const))(
    '%s: never a 5XX, a declared status, the area error shape, no stack, SQL or secret',
    async (_key, op) => {
      const result = await fuzzOperation(target(), op);
      results.push(result);
      expect(result.problems).toEqual([]);
    },
  );

  afterAll(() => {
    const cases = results.reduce((n, r) => n + r.cases, 0);
    const lines = results.map(
      (r) =>
        `  ${r.key}: ${r.cases} cases, ${Object.entries(r.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    process.stdout.write(
      `openapi fuzz ${file}: ${results.length} operations, ${cases} cases\n${lines.join('\n')}\n`,
    );
  });
}
