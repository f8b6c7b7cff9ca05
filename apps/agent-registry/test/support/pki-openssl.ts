import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OpensslResult {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `openssl` with `files` written to a private temporary directory (removed afterwards);
 * `args` name them as `{name}`. Throws, with openssl's stderr, when it exits non-zero.
 */
export function openssl(
  args: readonly string[],
  files: Record<string, string | Uint8Array> = {},
): OpensslResult {
  const dir = mkdtempSync(join(tmpdir(), 'agents-pki-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    const resolved = args.map((arg) => arg.replace(/\{([\w.-]+)\}/g, (_, name: string) => join(dir, name)));
    const run = spawnSync('openssl', resolved, { encoding: 'utf8' });
    if (run.error) throw run.error;
    if (run.status !== 0) {
      throw new Error(`openssl ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
    }
    return { stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serial numbers as `openssl` prints them (`Serial Number: 7A3F…`), normalised to lower-case hex. */
export function crlSerials(text: string): string[] {
  return [...text.matchAll(/Serial Number: ([0-9A-Fa-f:]+)/g)].map((m) => normalizeHex(m[1]));
}

export function normalizeHex(hex: string): string {
  return hex.replace(/:/g, '').toLowerCase().replace(/^0+/, '');
}
