import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestEnv } from './test-env';

const exec = promisify(execFile);
const ROOT = join(__dirname, '../../..');

export interface AdminCliResult {
  /** Exit code: 0 on success. */
  readonly code: number;
  /** The one JSON object the CLI printed on stdout. */
  readonly json: Record<string, string> & { error?: { code: string; message: string } };
  readonly stdout: string;
}

/**
 * `npm run -s admin -- <args>` exactly as a user runs it (scripts/admin.js, which builds the owning
 * app when stale), against the suite's database and Redis prefix.
 */
export async function runAdminCli(
  env: TestEnv | NodeJS.ProcessEnv,
  ...args: string[]
): Promise<AdminCliResult> {
  const vars =
    'env' in env && typeof env.env === 'object' ? (env as TestEnv).env : (env as NodeJS.ProcessEnv);
  try {
    const { stdout } = await exec(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...vars },
      timeout: 120_000,
    });
    return { code: 0, json: JSON.parse(stdout), stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, json: JSON.parse(err.stdout), stdout: err.stdout };
  }
}

/** runAdminCli that must succeed: its JSON, or an Error with what the CLI printed. */
export async function runAdminJson(
  env: TestEnv | NodeJS.ProcessEnv,
  ...args: string[]
): Promise<Record<string, string>> {
  const result = await runAdminCli(env, ...args);
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stdout}`);
  return result.json;
}

/**
 * `admin token create` for `accountId` with `scopes` (a list, or already comma-separated) and any
 * further options (`--expires-in`, …): the token and its id.
 */
export async function createAdminToken(
  env: TestEnv | NodeJS.ProcessEnv,
  accountId: string,
  scopes: string | readonly string[],
  ...options: string[]
): Promise<{ token: string; tokenId: string }> {
  const list = typeof scopes === 'string' ? scopes : scopes.join(',');
  const issued = await runAdminJson(
    env,
    'token',
    'create',
    '--account',
    accountId,
    '--scopes',
    list,
    ...options,
  );
  return { token: issued.token, tokenId: issued.tokenId };
}
