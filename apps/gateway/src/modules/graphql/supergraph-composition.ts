import { composeServices } from '@apollo/composition';
import { GraphQLError, parse } from 'graphql';

/** One subgraph as composition sees it: its name, routing URL and SDL text. */
export interface SubgraphSdl {
  readonly name: string;
  readonly url: string;
  readonly sdl: string;
}

export type SupergraphComposition =
  | { readonly ok: true; readonly supergraphSdl: string; readonly hints: readonly string[] }
  | { readonly ok: false; readonly errors: readonly string[] };

function describe(error: GraphQLError): string {
  const code = error.extensions?.code;
  return typeof code === 'string' ? `[${code}] ${error.message}` : error.message;
}

/**
 * Composes the subgraphs into a supergraph with @apollo/composition (Federation 2). Pure: no
 * files, no network. Syntax errors in an SDL are reported like composition errors.
 */
export function composeSupergraph(subgraphs: readonly SubgraphSdl[]): SupergraphComposition {
  if (subgraphs.length === 0) return { ok: false, errors: ['no subgraphs to compose'] };
  const errors: string[] = [];
  const services = subgraphs.flatMap((subgraph) => {
    try {
      return [{ name: subgraph.name, url: subgraph.url, typeDefs: parse(subgraph.sdl) }];
    } catch (e) {
      errors.push(`${subgraph.name}: ${e instanceof GraphQLError ? describe(e) : String(e)}`);
      return [];
    }
  });
  if (errors.length) return { ok: false, errors };
  const result = composeServices(services);
  if (result.errors) return { ok: false, errors: result.errors.map(describe) };
  return {
    ok: true,
    supergraphSdl: result.supergraphSdl,
    hints: result.hints.map((hint) => hint.toString()),
  };
}
