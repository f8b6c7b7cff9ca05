/**
 * Writes the commerce service's OpenAPI 3.1 document to docs/openapi/commerce-rest.json (or --out
 * FILE, relative to the repository root). apps/commerce-rest/test/openapi.spec.ts fails while the
 * committed document differs from what the code generates:
 *
 *   ts-node --transpile-only -r tsconfig-paths/register -P apps/commerce-rest/tsconfig.app.json \
 *     apps/commerce-rest/src/openapi/write-openapi.ts
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { COMMERCE_OPENAPI_FILE, buildCommerceOpenApi, toStableJson } from './commerce-openapi';

const ROOT = resolve(__dirname, '../../../..');

/**
 * Stable JSON (keys sorted), then Prettier with the repository's settings, so `npm run lint`
 * accepts the file. Prettier is a development dependency; only this script loads it.
 */
async function render(document: unknown, file: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(toStableJson(document), { ...options, parser: 'json', filepath: file });
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv.length !== 0 && (argv.length !== 2 || argv[0] !== '--out'))
    throw new Error(`unknown arguments "${argv.join(' ')}" (usage: [--out FILE])`);
  const out = resolve(ROOT, argv[1] ?? COMMERCE_OPENAPI_FILE);
  const document = await buildCommerceOpenApi();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, await render(document, out));
  const paths = Object.keys((document.paths ?? {}) as object).length;
  process.stdout.write(`write-openapi: ${paths} paths → ${out}\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`write-openapi: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
