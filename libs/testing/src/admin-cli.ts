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
  /** What it wrote on stderr: nothing unless something went wrong (a failed build, a crash). */
  readonly stderr: string;
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
    const { stdout, stderr } = await exec(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...vars },
      timeout: 120_000,
    });
    return { code: 0, json: JSON.parse(stdout), stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    let json: AdminCliResult['json'];
    try {
      json = JSON.parse(err.stdout);
    } catch {
      throw new Error(
        `admin ${args.join(' ')} printed no JSON (exit ${err.code}): ${err.stdout}${err.stderr}`,
      );
    }
    return { code: err.code, json, stdout: err.stdout, stderr: err.stderr };
  }
}

/** runAdminCli that must succeed: its JSON, or an Error with what the CLI printed on stdout and stderr. */
export async function runAdminJson(
  env: TestEnv | NodeJS.ProcessEnv,
  ...args: string[]
): Promise<Record<string, string>> {
  const result = await runAdminCli(env, ...args);
  if (result.code !== 0)
    throw new Error(`admin ${args.join(' ')} failed (exit ${result.code}): ${result.stdout}${result.stderr}`);
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
