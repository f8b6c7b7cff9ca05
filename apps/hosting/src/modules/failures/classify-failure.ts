import type { BuildErrorCode, BuildErrorKind } from '../builds/build-error';
import type { StartFailureReason } from '../runtime/runtime-driver';
import { FailureCode, operationFailure } from './operation-failure';
import type { FailureContext, OperationFailure } from './operation-failure';

/** A log line as the classifiers read it: a build log line, or a runtime line (its `source`). */
export interface FailureLogLine {
  readonly stream: 'STDOUT' | 'STDERR' | 'SYSTEM';
  readonly message: string;
}

/** firstError is cut to this many characters. */
export const MAX_FIRST_ERROR_CHARS = 1000;

/** Any line npm itself writes (its log levels), and the `> pkg@1.0.0 build` / `> node x.js` echo of a script. */
const NPM_LINE = /^npm (?:error|ERR!|warn|WARN|notice|info|http|verbose|verb|silly|sill)\b/;
const NPM_SCRIPT_ECHO = /^> /;
const NPM_ERROR = /^npm (?:error|ERR!)(?:\s|$)/;
/** npm's error lines that are context, not the error: its code, paths, the command, where the log is. */
const NPM_CONTEXT =
  /^npm (?:error|ERR!)(?:\s*$| (?:code|errno|syscall|path|dest|command|workspace|location|signal|cwd|A complete log of this run|Log files were not written|You can rerun the command|Verbose stack|Lifecycle script|Did you mean)\b)/;
/** Warnings and blank lines never count: Node's `(node:123) …Warning`, npm's warn lines. */
const NOT_AN_ERROR = /^\s*$|^\(node:\d+\) (?:\[[A-Z0-9_]+\] )?\w*Warning\b|^npm (?:warn|WARN)\b/;
/** Lines shaped as an error report: `TypeError: …`, `Error [ERR_X]: …`, `FATAL ERROR: …`, `error TS2322: …`, `[ERROR] …`. */
const ERROR_SHAPED: readonly RegExp[] = [
  /\b(?:[A-Z][A-Za-z0-9]*)?(?:Error|Exception)(?: \[[A-Z0-9_]+\])?:(?:\s|$)/,
  /\bFATAL\b/,
  /\bERR_[A-Z0-9_]{3,}\b/,
  /\b(?:error|ERROR)(?: TS\d+)?:(?:\s|$)/,
  /\[ERROR\]/,
];
/** Lines that speak of a failure. */
const ERROR_WORD =
  /\b(?:error|err|failed|failure|fatal|cannot|can't|could not|unable|denied|refused|panic|exception|not found)\b/i;

const clip = (text: string): string =>
  text.length > MAX_FIRST_ERROR_CHARS ? `${text.slice(0, MAX_FIRST_ERROR_CHARS - 1)}…` : text;
const clipped = (text: string | undefined): string | null => (text === undefined ? null : clip(text.trim()));

/**
 * The first relevant line of a failing step's output (its stdout and stderr; SYSTEM lines, warnings
 * and blank lines never count), trimmed and cut at MAX_FIRST_ERROR_CHARS, or null when there is none.
 * In order of preference, the first line that is:
 * 1. of the app (not npm's own) and shaped as an error report (ERROR_SHAPED);
 * 2. of the app and speaks of a failure (ERROR_WORD);
 * 3. npm's own error line, but not its context (`npm error code …`, paths, the log file, the
 *    "Lifecycle script failed" wrapper of a failed script);
 * 4. of the app on stderr;
 * 5. of the app on stdout (what a silent failure, such as a port never listened on, said last… first).
 * So a failed build script gives the compiler's line, not npm's wrapper around it, and a failed
 * install gives npm's reason (`npm error 404 Not Found - GET …`).
 */
export function firstErrorLine(lines: readonly FailureLogLine[]): string | null {
  const output = lines.filter((l) => l.stream !== 'SYSTEM' && !NOT_AN_ERROR.test(l.message));
  const app = output.filter((l) => !NPM_LINE.test(l.message) && !NPM_SCRIPT_ECHO.test(l.message));
  const line =
    app.find((l) => ERROR_SHAPED.some((pattern) => pattern.test(l.message))) ??
    app.find((l) => ERROR_WORD.test(l.message)) ??
    output.find((l) => NPM_ERROR.test(l.message) && !NPM_CONTEXT.test(l.message)) ??
    app.find((l) => l.stream === 'STDERR') ??
    app.find((l) => l.stream === 'STDOUT');
  return clipped(line?.message);
}

/** npm's error code (`npm error code E404`), if it wrote one. */
export function npmErrorCode(lines: readonly FailureLogLine[]): string | null {
  for (const line of lines) {
    const match = /^npm (?:error|ERR!) code (\S+)/.exec(line.message);
    if (match) return match[1] ?? null;
  }
  return null;
}

const NOT_FOUND_CODES = new Set(['E404', 'ETARGET', 'ENOVERSIONS', 'ENOTCACHED']);
const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_SOCKET_TIMEOUT',
]);

/** A failed `npm ci` / `npm install` / `npm prune`, from npm's error code. */
export function installFailure(lines: readonly FailureLogLine[]): OperationFailure {
  const npmCode = npmErrorCode(lines);
  let code: FailureCode = FailureCode.INSTALL_FAILED;
  if (npmCode && NOT_FOUND_CODES.has(npmCode)) code = FailureCode.DEPENDENCY_NOT_FOUND;
  else if (npmCode && NETWORK_CODES.has(npmCode)) code = FailureCode.REGISTRY_UNREACHABLE;
  else if (npmCode === 'EUSAGE' && lines.some((l) => /\bin sync\b|lock ?file/i.test(l.message)))
    code = FailureCode.LOCKFILE_OUT_OF_SYNC;
  return operationFailure(code, firstErrorLine(lines));
}

/** A BuildError (`buildApp`), with the output of the step that failed. */
export function buildFailure(
  code: BuildErrorCode,
  kind: BuildErrorKind,
  lines: readonly FailureLogLine[],
): OperationFailure {
  const firstError = firstErrorLine(lines);
  switch (code) {
    case 'INSTALL_FAILED':
      return installFailure(lines);
    case 'BUILD_FAILED':
      if (kind === 'refused') return operationFailure(FailureCode.BUILD_SCRIPT_REFUSED, firstError);
      if (kind === 'builder') return operationFailure(FailureCode.BUILDER_ERROR, firstError);
      return operationFailure(FailureCode.BUILD_SCRIPT_FAILED, firstError);
    case 'BUILD_TIMEOUT':
      return operationFailure(FailureCode.BUILD_TIMEOUT, firstError);
    case 'BUILD_CANCELLED':
      return operationFailure(FailureCode.BUILD_CANCELLED, firstError);
    case 'INVALID_PACKAGE_JSON':
      return operationFailure(FailureCode.INVALID_PACKAGE_JSON, firstError);
    case 'INVALID_SOURCE':
      return operationFailure(FailureCode.INVALID_SOURCE, firstError);
    case 'NO_START_COMMAND':
      return operationFailure(FailureCode.NO_START_COMMAND, firstError);
    case 'UNSUPPORTED_START_SCRIPT':
      return operationFailure(FailureCode.UNSUPPORTED_START_SCRIPT, firstError);
  }
}

/** An archive the worker refused (its ArchiveError code is the operation's error.code). */
export function archiveFailure(): OperationFailure {
  return operationFailure(FailureCode.INVALID_ARCHIVE, null);
}

const OUT_OF_MEMORY_LINE =
  /JavaScript heap out of memory|Reached heap limit|Allocation failed - process out of memory/;
const MODULE_NOT_FOUND_LINE = /Cannot find (?:module|package) |ERR_MODULE_NOT_FOUND|MODULE_NOT_FOUND/;
const ACCESS_DENIED_LINE = /ERR_ACCESS_DENIED/;

/**
 * A start that never accepted connections (RuntimeStartError), from the driver's reason and what
 * the app wrote meanwhile (`lines`, its stdout and stderr of every attempt). An exit after V8's heap
 * limit, or one its sandbox's bounds ended (RESOURCES reason), is RESOURCES; a module not found or an access the permission model denied are START with
 * their own code; killed for not listening in time is PORT. A driver that gives no reason (the
 * Kubernetes driver) is judged by its message (OOMKilled) and the lines.
 */
export function startFailure(
  reason: StartFailureReason | undefined,
  message: string,
  lines: readonly FailureLogLine[],
  context: FailureContext = {},
): OperationFailure {
  const firstError = firstErrorLine(lines);
  const fromOutput = (fallback: FailureCode): OperationFailure => {
    const said = (pattern: RegExp) => lines.some((l) => l.stream !== 'SYSTEM' && pattern.test(l.message));
    if (said(OUT_OF_MEMORY_LINE) || /\bOOMKilled\b/.test(message))
      return operationFailure(
        FailureCode.OUT_OF_MEMORY,
        clipped(lines.find((l) => OUT_OF_MEMORY_LINE.test(l.message))?.message) ?? firstError,
        context,
      );
    if (said(MODULE_NOT_FOUND_LINE)) return operationFailure(FailureCode.MODULE_NOT_FOUND, firstError);
    if (said(ACCESS_DENIED_LINE)) return operationFailure(FailureCode.ACCESS_DENIED, firstError);
    return operationFailure(fallback, firstError, context);
  };
  if (reason === undefined) return fromOutput(FailureCode.START_FAILED);
  switch (reason.kind) {
    case 'EXITED':
      return fromOutput(FailureCode.EXITED_BEFORE_LISTENING);
    case 'NOT_LISTENING':
      return operationFailure(FailureCode.PORT_TIMEOUT, firstError, {
        ...context,
        startupTimeoutMs: reason.timeoutMs,
      });
    case 'REFUSED':
      return operationFailure(FailureCode.START_REFUSED, firstError);
    case 'SANDBOX_FAILED':
      return operationFailure(FailureCode.SANDBOX_SETUP_FAILED, firstError);
    case 'STOPPED':
      return operationFailure(FailureCode.START_FAILED, firstError);
    case 'HEALTH_CHECK':
      // firstError: what the last check saw, not the app's output (a 500 usually logs nothing).
      return operationFailure(
        FailureCode.HEALTH_CHECK_FAILED,
        clip(`GET ${reason.path}: ${reason.lastResult ?? 'no answer'}`),
        { ...context, startupTimeoutMs: reason.timeoutMs },
      );
    case 'RESOURCES':
      // Over the sandbox's whole memory (or process) bound: the kernel or the watchdog ended it.
      return operationFailure(
        reason.resource === 'memory' ? FailureCode.OUT_OF_MEMORY : FailureCode.PROCESS_LIMIT,
        clip(
          `${reason.resource === 'memory' ? 'out of memory' : 'over its process limit'}: ${reason.detail}`,
        ),
        context,
      );
  }
}

/**
 * Why a variant's instances last ended against their will, where a phase says it: the failure of
 * the first instance (by index) whose bounds ended it (RESOURCES, told as a start that ended so:
 * `out of memory: …`); null when none did (a plain crash is told by `lastExit` and `error`).
 * The worker's status sync records it (docs/hosting.md, "Resource bounds").
 */
export function runtimeFailure(
  instances: readonly { readonly lastFailure: StartFailureReason | null }[],
  context: FailureContext = {},
): OperationFailure | null {
  const ended = instances.find((i) => i.lastFailure?.kind === 'RESOURCES');
  return ended?.lastFailure ? startFailure(ended.lastFailure, '', [], context) : null;
}
