import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const ROOT = join(__dirname, '../../..');

/**
 * Runs a TypeScript file in a Node process of its own (ts-node, transpile only, the repository's
 * path aliases), for what Jest's module registry cannot do: modules patched through Node's require
 * hooks (OpenTelemetry's instrumentations), dynamic `import()`. The child gets the parent's
 * environment without its OTEL_* variables, plus `env`. Resolves with its stdout; rejects with
 * its stderr when it exits non-zero or outlives `timeoutMs`.
 */
export async function runTypeScriptChild(
  file: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OTEL_')));
  const { stdout } = await exec(
    process.execPath,
    ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', file],
    {
      cwd: ROOT,
      env: {
        ...inherited,
        TS_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'),
        TS_NODE_TRANSPILE_ONLY: 'true',
        ...env,
      },
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return stdout;
}
