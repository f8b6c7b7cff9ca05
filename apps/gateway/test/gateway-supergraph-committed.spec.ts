import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSupergraph } from '../src/modules/graphql/compose-supergraph';
import { SUBGRAPHS } from '../src/modules/graphql/subgraphs';

const COMMITTED = join(__dirname, '../supergraph.graphql');

describe('committed supergraph (apps/gateway/supergraph.graphql)', () => {
  it('is what the subgraphs’ committed SDL composes to (run `npx nx build gateway` to refresh it)', () => {
    const rendered = renderSupergraph();
    if (!rendered) {
      expect(existsSync(COMMITTED)).toBe(false);
      return;
    }
    expect(readFileSync(COMMITTED, 'utf8')).toBe(rendered.content);
  });

  it('federates every subgraph of the list', () => {
    const sdl = readFileSync(COMMITTED, 'utf8');
    for (const subgraph of SUBGRAPHS) expect(sdl).toContain(`@join__graph(name: "${subgraph.name}"`);
  });
});
