import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { printSubgraphSchema } from '@apollo/subgraph';
import type { INestApplicationContext } from '@nestjs/common';
import { GraphQLSchemaHost } from '@nestjs/graphql';

const HEADER = (app: string) =>
  `# Generated from the code-first schema of apps/${app}. Do not edit: run its schema test with UPDATE_SCHEMA=1.\n`;

/** The subgraph SDL (with federation directives) of a started app, as the gateway composes it. */
export function printSubgraphSdl(app: INestApplicationContext, appName: string): string {
  const schema = app.get(GraphQLSchemaHost).schema;
  return HEADER(appName) + printSubgraphSchema(schema).trim() + '\n';
}

export interface SdlCheck {
  readonly fresh: boolean;
  readonly expected: string;
  readonly actual: string | undefined;
}

/**
 * Compares the committed SDL file with the running schema; with `update` it rewrites the file.
 * A subgraph's schema test calls it so a stale `apps/<app>/schema.graphql` fails the build.
 */
export function checkSubgraphSdl(
  app: INestApplicationContext,
  appName: string,
  file: string,
  update: boolean,
): SdlCheck {
  const expected = printSubgraphSdl(app, appName);
  if (update) writeFileSync(file, expected);
  const actual = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  return { fresh: actual === expected, expected, actual };
}
