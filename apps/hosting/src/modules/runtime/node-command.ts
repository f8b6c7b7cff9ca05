/**
 * The Node command line of a hosted app: heap bound and Node's permission model.
 *
 * Permission model (Node 20: `--experimental-permission`, Node ≥ 22.13/23.5: `--permission`; the
 * flag this Node accepts is detected): the app may read and write its own directory only. Each
 * path is its own `--allow-fs-read=` / `--allow-fs-write=` flag; Node 20 does not split a comma
 * list. Node's own install needs no grant: built-in modules are inside the binary, and what libc or
 * OpenSSL read (resolv.conf, certificates) is not checked by the model. Child processes, worker
 * threads, native addons and WASI stay denied. The model's ExperimentalWarning is silenced with
 * `--disable-warning=ExperimentalWarning` where Node has it (≥ 20.11), so it does not show up in
 * the app's logs as an ERROR line. The fs checks resolve symlinks as of Node 20.20 (earlier 20.x
 * lines could be escaped through a symlink inside the allowed directory).
 */

export type PermissionFlag = '--permission' | '--experimental-permission';

/** The permission flag the Node at `process.execPath` accepts, or null when it has none. */
export function detectPermissionFlag(
  allowed: ReadonlySet<string> = process.allowedNodeEnvironmentFlags,
): PermissionFlag | null {
  if (allowed.has('--permission')) return '--permission';
  if (allowed.has('--experimental-permission')) return '--experimental-permission';
  return null;
}

/**
 * V8 heap flags for an app with this memory budget: old space three quarters of it, each of the
 * young generation's semi-spaces 1/64 (V8's young generation is three of them; its default, 16 MB
 * each, would alone take 48 MB of a 128 MB budget). The heap then stays about 80% of the
 * budget, the rest is for buffers, code and the runtime.
 */
export function heapFlags(memoryMb: number): string[] {
  const oldSpace = Math.max(16, Math.floor(memoryMb * 0.75));
  const semiSpace = Math.min(16, Math.max(1, Math.floor(memoryMb / 64)));
  return [`--max-old-space-size=${oldSpace}`, `--max-semi-space-size=${semiSpace}`];
}

/** Node flags a start command may not carry: they widen the sandbox, move the heap bound, open a debugger. */
const REFUSED_FLAG =
  /^--(?:allow-|permission|experimental-permission|no-experimental-permission|max-old-space-size|max-semi-space-size|inspect|debug|experimental-policy|policy-integrity)/;

/** Node flags whose value is the next token. */
const FLAGS_WITH_VALUE = new Set([
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-C',
  '--conditions',
  '--title',
  '--env-file',
  '--input-type',
  '--stack-size',
]);

/** Index of the script in `node <args>` (the first token neither a flag nor a flag's value), or -1. */
export function nodeScriptIndex(args: readonly string[]): number {
  for (let i = 0; i < args.length; i += 1) {
    if (!args[i].startsWith('-')) return i;
    if (FLAGS_WITH_VALUE.has(args[i])) i += 1;
  }
  return -1;
}

/**
 * The first refused node flag of `args` (the tokens before the script), if any. Tokens after the
 * script are the app's own arguments and are not looked at.
 */
export function refusedNodeFlag(args: readonly string[]): string | null {
  const script = nodeScriptIndex(args);
  const flags = script === -1 ? args : args.slice(0, script);
  return flags.find((token) => REFUSED_FLAG.test(token)) ?? null;
}

export interface NodeArgvOptions {
  /** The app directory (a real path: no symlink in it). */
  dir: string;
  memoryMb: number;
  /** Null: this Node has no permission model, run without it. */
  permissionFlag: PermissionFlag | null;
  /** Whether `--disable-warning` exists on this Node. */
  canDisableWarning?: boolean;
  /** More paths the app may read (none by default). */
  extraReadPaths?: readonly string[];
}

/** The argv (after the node binary) that runs `args` confined. */
export function confinedNodeArgv(args: readonly string[], options: NodeArgvOptions): string[] {
  const argv = heapFlags(options.memoryMb);
  if (options.permissionFlag) {
    argv.push(options.permissionFlag);
    for (const p of [options.dir, ...(options.extraReadPaths ?? [])]) argv.push(`--allow-fs-read=${p}`);
    argv.push(`--allow-fs-write=${options.dir}`);
    if (options.canDisableWarning) argv.push('--disable-warning=ExperimentalWarning');
  }
  return [...argv, ...args];
}
