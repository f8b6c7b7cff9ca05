import { join } from 'node:path';
import { checkSubgraphSdl } from '@platform/graphql-subgraph';
import { CatalogTestApp, startCatalogTestApp } from './support/catalog-test-app';

const SDL_FILE = join(__dirname, '..', 'schema.graphql');

describe('catalog subgraph SDL (apps/catalog-subgraph/schema.graphql)', () => {
  let catalog: CatalogTestApp;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-sdl');
  });

  afterAll(async () => {
    await catalog?.close();
  });

  it('is committed and matches the code-first schema (UPDATE_SCHEMA=1 rewrites it)', () => {
    const check = checkSubgraphSdl(
      catalog.app,
      'catalog-subgraph',
      SDL_FILE,
      process.env.UPDATE_SCHEMA === '1',
    );
    expect(check.actual).toBeDefined();
    // Stale: run `UPDATE_SCHEMA=1 npx jest --config apps/catalog-subgraph/jest.config.ts catalog-schema-sdl` and commit.
    expect(check.actual).toBe(check.expected);
  });
});
