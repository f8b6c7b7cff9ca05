// As the platform process does (apps/platform/src/main.ts): GraphQL types are told apart by app.
import '@platform/graphql-subgraph';
import { checkSubgraphSdl } from '@platform/graphql-subgraph';
import { createTestEnv, freePort, type TestEnv } from '@platform/testing';
import { join } from 'node:path';
import { loadComponent } from '../src/component-loader';
import { PlatformProcess } from '../src/platform-process';
import { loadRouteTable } from '../src/route-rows';
import { selectTargets } from '../src/targets';

const ROOT = join(__dirname, '..', '..', '..');
const SUBGRAPHS = ['catalog-subgraph', 'tax-subgraph', 'order-subgraph'];

/**
 * The three subgraphs and the catalog worker in one process: each builds its schema from its own
 * types (the catalog's and the tax subgraph's `SKU` are two types of one name), and each schema
 * is exactly its committed SDL, as when it runs alone.
 */
describe('the three subgraphs in one process (real PostgreSQL and Redis)', () => {
  let env: TestEnv;
  let platform: PlatformProcess;

  beforeAll(async () => {
    env = await createTestEnv('platform-subgraphs');
    platform = new PlatformProcess(loadComponent, { info: () => undefined, error: () => undefined });
    const refs = selectTargets([...SUBGRAPHS, 'catalog-subgraph-worker'].join(','), loadRouteTable());
    const planned = [];
    for (const ref of refs) planned.push({ ref, env: { ...env.env, PORT: String(await freePort()) } });
    await platform.start(planned);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await env?.teardown();
  });

  /**
   * An SDL as its set of definitions: the order in which @nestjs/graphql lists the types it was
   * not asked for by a root field depends on the order the process first registered them, which
   * differs when other subgraphs registered theirs first; nothing else may differ.
   */
  const definitions = (sdl: string | undefined): string[] =>
    (sdl ?? '')
      .trim()
      .split(/\n\n(?=\S)/)
      .sort();

  it.each(SUBGRAPHS)('%s serves its committed schema.graphql, every definition the same', (name) => {
    const component = platform.components.find((c) => c.ref.name === name);
    if (!component) throw new Error(`${name} is not running`);
    const check = checkSubgraphSdl(component.app, name, join(ROOT, 'apps', name, 'schema.graphql'), false);
    expect(check.actual).toBeDefined();
    expect(definitions(check.expected)).toEqual(definitions(check.actual));
    expect(definitions(check.expected).length).toBeGreaterThan(20);
  });
});
