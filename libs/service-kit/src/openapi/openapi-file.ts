import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { JsonObject } from './openapi-json';
import { toStableJson } from './openapi-json';

/** The repository root (this file is libs/service-kit/src/openapi/openapi-file.ts, or its build). */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(resolve(dir, 'nx.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** What regenerates every committed document. */
export const OPENAPI_REGENERATE = 'npm run openapi';

/**
 * Why the committed `file` (relative to the repository root) is not `document`, or undefined when
 * it is. Compared as documents (the committed file is Prettier-formatted; layout is not content).
 */
export function openApiFileStaleness(file: string, document: JsonObject): string | undefined {
  const path = resolve(repositoryRoot(), file);
  if (!existsSync(path)) return `${file} is missing. Generate it: ${OPENAPI_REGENERATE}`;
  let committed: string;
  try {
    committed = toStableJson(JSON.parse(readFileSync(path, 'utf8')));
  } catch (e) {
    return `${file} is not JSON (${(e as Error).message}). Regenerate it: ${OPENAPI_REGENERATE}`;
  }
  const generated = toStableJson(document);
  if (committed === generated) return undefined;
  const [a, b] = [committed.split('\n'), generated.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  return (
    `${file} is stale: the code generates another document (first difference at line ${line + 1}: ` +
    `committed ${JSON.stringify(a[line] ?? '')}, generated ${JSON.stringify(b[line] ?? '')}). ` +
    `Regenerate it: ${OPENAPI_REGENERATE}`
  );
}

/**
 * Writes `document` to `file` (relative to the repository root) as stable JSON (keys sorted)
 * formatted by Prettier with the repository's settings, so `npm run lint` accepts it. Prettier is
 * a development dependency: only this function loads it, and only the openapi scripts call it.
 */
export async function writeOpenApiFile(file: string, document: JsonObject): Promise<string> {
  const path = resolve(repositoryRoot(), file);
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path)) ?? {};
  const text = await prettier.format(toStableJson(document), { ...options, parser: 'json', filepath: path });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/**
 * The body of each app's `src/openapi/write-openapi.ts` (what `npm run openapi` runs): builds the
 * document and writes it to `file`, or to `--out FILE` (relative to the repository root).
 */
export async function runWriteOpenApi(
  argv: readonly string[],
  file: string,
  build: () => Promise<JsonObject>,
): Promise<void> {
  if (argv.length !== 0 && (argv.length !== 2 || argv[0] !== '--out'))
    throw new Error(`unknown arguments "${argv.join(' ')}" (usage: [--out FILE])`);
  const document = await build();
  const out = await writeOpenApiFile(argv[1] ?? file, document);
  const paths = Object.keys((document.paths ?? {}) as object).length;
  process.stdout.write(`write-openapi: ${paths} paths → ${out}\n`);
}
