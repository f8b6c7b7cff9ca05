import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The tools a hosting worker's sandboxes use (apps/hosting sandbox-host.ts `SandboxTool`). */
export type SandboxToolName = 'unshare' | 'setpriv' | 'nice' | 'mount' | 'ip' | 'nft';

const TOOLS: readonly SandboxToolName[] = ['unshare', 'setpriv', 'nice', 'mount', 'ip', 'nft'];

/** Where the hosting worker looks for them by default (apps/hosting sandbox-host.ts `SANDBOX_TOOL_DIRS`). */
const SYSTEM_DIRS: readonly string[] = ['/usr/sbin', '/sbin', '/usr/bin', '/bin'];

/** A directory of sandbox tools for HOSTING_SANDBOX_PATH; `remove()` deletes it. */
export interface SandboxToolDir {
  readonly dir: string;
  remove(): void;
}

/**
 * A host's sandbox tools minus some (for HOSTING_SANDBOX_PATH): a fresh directory of symbolic links
 * to the tools found in `searchDirs` (the worker's default directories unless given), except
 * `without`. Runs the hosting worker as it runs on a host without `nft` (most containers and
 * minimal installs) on this one, which has it.
 */
export function sandboxToolsWithout(
  without: readonly SandboxToolName[],
  searchDirs: readonly string[] = SYSTEM_DIRS,
): SandboxToolDir {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-sandbox-tools-'));
  for (const tool of TOOLS) {
    if (without.includes(tool)) continue;
    const found = searchDirs.map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    if (!found) throw new Error(`${tool} is not on this host: the sandbox tests need it`);
    fs.symlinkSync(found, path.join(dir, tool));
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
