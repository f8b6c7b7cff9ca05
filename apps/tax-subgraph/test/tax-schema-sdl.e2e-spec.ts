import { join } from 'node:path';
import { checkSubgraphSdl } from '@platform/graphql-subgraph';
import { TaxTestApp, startTaxTestApp } from './support/tax-test-app';

const SDL_FILE = join(__dirname, '..', 'schema.graphql');

describe('tax subgraph SDL (apps/tax-subgraph/schema.graphql)', () => {
  let tax: TaxTestApp;

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-sdl');
  });

  afterAll(async () => {
    await tax?.close();
  });

  it('is committed and matches the code-first schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const check = checkSubgraphSdl(tax.app, 'tax-subgraph', SDL_FILE, process.env.UPDATE_SCHEMA === '1');
    expect(check.actual).toBeDefined();
    // Stale: run `UPDATE_SCHEMA=1 npx jest --config apps/tax-subgraph/jest.config.ts tax-schema-sdl` and commit.
    expect(check.actual).toBe(check.expected);
  });
});
