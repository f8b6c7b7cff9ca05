import { assertNever } from '@platform/errors';

/**
 * Which step of getting an app to answer failed (docs/hosting.md, "Failures that say why"):
 * INSTALL (npm installing the dependencies), BUILD (the archive, package.json, the build script,
 * the start command), START (the app did not come up: it exited, or the runtime refused it),
 * PORT (it ran but never accepted connections on PORT in time), HEALTH_CHECK (its health check
 * never passed by the startup deadline: the old instances keep serving), RESOURCES (it went over
 * its memory or process bound).
 */
export const FAILURE_PHASES = ['INSTALL', 'BUILD', 'START', 'PORT', 'HEALTH_CHECK', 'RESOURCES'] as const;
export type FailurePhase = (typeof FAILURE_PHASES)[number];

/** One stable code per cause; `phase` of each is fixed (failurePhaseOf). */
export const FailureCode = {
  // INSTALL
  INSTALL_FAILED: 'INSTALL_FAILED',
  DEPENDENCY_NOT_FOUND: 'DEPENDENCY_NOT_FOUND',
  LOCKFILE_OUT_OF_SYNC: 'LOCKFILE_OUT_OF_SYNC',
  REGISTRY_UNREACHABLE: 'REGISTRY_UNREACHABLE',
  // BUILD
  INVALID_ARCHIVE: 'INVALID_ARCHIVE',
  INVALID_PACKAGE_JSON: 'INVALID_PACKAGE_JSON',
  INVALID_SOURCE: 'INVALID_SOURCE',
  BUILD_SCRIPT_FAILED: 'BUILD_SCRIPT_FAILED',
  BUILD_SCRIPT_REFUSED: 'BUILD_SCRIPT_REFUSED',
  BUILD_TIMEOUT: 'BUILD_TIMEOUT',
  BUILD_CANCELLED: 'BUILD_CANCELLED',
  BUILDER_ERROR: 'BUILDER_ERROR',
  NO_START_COMMAND: 'NO_START_COMMAND',
  UNSUPPORTED_START_SCRIPT: 'UNSUPPORTED_START_SCRIPT',
  // START
  EXITED_BEFORE_LISTENING: 'EXITED_BEFORE_LISTENING',
  MODULE_NOT_FOUND: 'MODULE_NOT_FOUND',
  ACCESS_DENIED: 'ACCESS_DENIED',
  START_REFUSED: 'START_REFUSED',
  SANDBOX_SETUP_FAILED: 'SANDBOX_SETUP_FAILED',
  START_FAILED: 'START_FAILED',
  // PORT
  PORT_TIMEOUT: 'PORT_TIMEOUT',
  // HEALTH_CHECK (health-gated starts: docs/hosting.md, "Instances, health checks and restarts")
  HEALTH_CHECK_FAILED: 'HEALTH_CHECK_FAILED',
  // RESOURCES
  OUT_OF_MEMORY: 'OUT_OF_MEMORY',
  PROCESS_LIMIT: 'PROCESS_LIMIT',
} as const;
export type FailureCode = (typeof FailureCode)[keyof typeof FailureCode];
export const FAILURE_CODES: readonly FailureCode[] = Object.values(FailureCode);

/**
 * What a failed import or deployment records beside its `error.code` (stored in the operation's
 * `failure` column, served as `error.failure`, and as `failure` in the earlier namespace).
 */
export interface OperationFailure {
  readonly phase: FailurePhase;
  readonly code: FailureCode;
  /** The first relevant log line of the failing step (classify-failure.ts, firstErrorLine); null when it wrote none. */
  readonly firstError: string | null;
  /** What to do about it, in one or two sentences. */
  readonly hint: string;
}

/** Figures some hints quote. */
export interface FailureContext {
  /** How long a start may take to accept connections. */
  readonly startupTimeoutMs?: number;
  /** The variant's memory bound (HOSTING_APP_MEMORY_MB). */
  readonly memoryMb?: number;
}

export function failurePhaseOf(code: FailureCode): FailurePhase {
  switch (code) {
    case FailureCode.INSTALL_FAILED:
    case FailureCode.DEPENDENCY_NOT_FOUND:
    case FailureCode.LOCKFILE_OUT_OF_SYNC:
    case FailureCode.REGISTRY_UNREACHABLE:
      return 'INSTALL';
    case FailureCode.INVALID_ARCHIVE:
    case FailureCode.INVALID_PACKAGE_JSON:
    case FailureCode.INVALID_SOURCE:
    case FailureCode.BUILD_SCRIPT_FAILED:
    case FailureCode.BUILD_SCRIPT_REFUSED:
    case FailureCode.BUILD_TIMEOUT:
    case FailureCode.BUILD_CANCELLED:
    case FailureCode.BUILDER_ERROR:
    case FailureCode.NO_START_COMMAND:
    case FailureCode.UNSUPPORTED_START_SCRIPT:
      return 'BUILD';
    case FailureCode.EXITED_BEFORE_LISTENING:
    case FailureCode.MODULE_NOT_FOUND:
    case FailureCode.ACCESS_DENIED:
    case FailureCode.START_REFUSED:
    case FailureCode.SANDBOX_SETUP_FAILED:
    case FailureCode.START_FAILED:
      return 'START';
    case FailureCode.PORT_TIMEOUT:
      return 'PORT';
    case FailureCode.HEALTH_CHECK_FAILED:
      return 'HEALTH_CHECK';
    case FailureCode.OUT_OF_MEMORY:
    case FailureCode.PROCESS_LIMIT:
      return 'RESOURCES';
    default:
      return assertNever(code);
  }
}

const seconds = (ms: number | undefined): string =>
  ms === undefined ? 'the start-up deadline' : `${Math.round(ms / 100) / 10} s`;

/** The hint of a code: what the developer should do next. */
export function failureHint(code: FailureCode, context: FailureContext = {}): string {
  switch (code) {
    case FailureCode.INSTALL_FAILED:
      return 'npm could not install the dependencies (see firstError and the npm lines of the build log): check that `npm ci` (with a package-lock.json) or `npm install` succeeds on a clean copy of the upload.';
    case FailureCode.DEPENDENCY_NOT_FOUND:
      return 'A dependency of package.json does not exist in the npm registry at that version range (or, where the platform installs offline, is not in its npm cache): check its name and version.';
    case FailureCode.LOCKFILE_OUT_OF_SYNC:
      return 'package-lock.json does not match package.json: run `npm install` locally and upload the updated package-lock.json (npm ci installs exactly what the lockfile says).';
    case FailureCode.REGISTRY_UNREACHABLE:
      return 'npm could not reach the registry, usually a passing network problem: import again. A dependency on a private registry or a git host cannot be installed here.';
    case FailureCode.INVALID_ARCHIVE:
      return 'The upload was refused (error.code names the rule it broke): upload a .zip or .tar.gz of the app with package.json at its root or in a single top directory, without links, absolute paths or `..` entries, within the size limits.';
    case FailureCode.INVALID_PACKAGE_JSON:
      return 'package.json is not a valid JSON object (see error.message): fix it and upload again.';
    case FailureCode.INVALID_SOURCE:
      return 'The source holds symbolic links, which are not allowed: replace them with the files they point to.';
    case FailureCode.BUILD_SCRIPT_FAILED:
      return 'The build script (`npm run build`) exited with an error: fix the error in firstError; `npm ci && npm run build` on a clean copy of the upload reproduces it.';
    case FailureCode.BUILD_SCRIPT_REFUSED:
      return 'This host cannot isolate build scripts, so the build script was not run: upload the built files without a build script, or ask the operator to enable sandboxes.';
    case FailureCode.BUILD_TIMEOUT:
      return 'The build did not finish in time: make sure the build script ends (no watch mode, no dev server) and does not wait for input.';
    case FailureCode.BUILD_CANCELLED:
      return 'The build was cancelled before it finished: import again.';
    case FailureCode.BUILDER_ERROR:
      return 'The platform could not run the build (not a fault of the app, see error.message): import again, and report it if it keeps happening.';
    case FailureCode.NO_START_COMMAND:
      return 'Nothing says how to start the app: add a start script such as `node server.js`, set `main` in package.json, or include server.js or index.js.';
    case FailureCode.UNSUPPORTED_START_SCRIPT:
      return 'The start script must be a plain `node [flags] <file> [args]` line (no shell syntax, no variable assignments, no other program): set configuration through secrets instead.';
    case FailureCode.EXITED_BEFORE_LISTENING:
      return 'The app exited before it accepted connections: fix the error in firstError (the runtime logs of the variant hold its whole output). An app that needs a secret exits this way in a variant that lacks it.';
    case FailureCode.MODULE_NOT_FOUND:
      return 'The app loads a module that is not installed: list it under `dependencies` in package.json (devDependencies are removed after the build), or fix the path of the file it requires.';
    case FailureCode.ACCESS_DENIED:
      return "The app did something its runtime forbids: reading or writing outside its own directory, starting child processes or worker threads, or loading native addons. Keep files in the app's directory and do the work in-process.";
    case FailureCode.START_REFUSED:
      return 'The platform refused to start the app (see error.message), e.g. a refused node flag in the start command, or a host without isolation for apps.';
    case FailureCode.SANDBOX_SETUP_FAILED:
      return "The platform could not set up the app's sandbox (not a fault of the app): try again, and report it if it keeps happening.";
    case FailureCode.START_FAILED:
      return 'The app did not start: see firstError and the runtime logs of the variant.';
    case FailureCode.PORT_TIMEOUT:
      return `The app kept running but never accepted connections on the port in the PORT environment variable within ${seconds(context.startupTimeoutMs)}: listen on process.env.PORT (e.g. server.listen(process.env.PORT)), and do slow start-up work after listening.`;
    case FailureCode.HEALTH_CHECK_FAILED:
      return `The app's health check never answered 2xx within ${seconds(context.startupTimeoutMs)} (firstError is the last check's result): make the health-check path answer 2xx once the app is ready and fast (within timeoutS), or change the path (PATCH /v1/hosting/apps/{appId}). The release that ran before keeps serving.`;
    case FailureCode.OUT_OF_MEMORY:
      return `The app ran out of memory${context.memoryMb === undefined ? '' : ` (its bound is ${context.memoryMb} MB for all of its memory, buffers included, about ¾ of it for the JavaScript heap)`}: hold less in memory (large caches, whole files read at once, big Buffers), or stream the data.`;
    case FailureCode.PROCESS_LIMIT:
      return 'The app ran more processes or threads than its sandbox allows: start fewer (an app runs in one process, without child processes or worker threads).';
    default:
      return assertNever(code);
  }
}

/** The failure of `code`, with its phase and hint. */
export function operationFailure(
  code: FailureCode,
  firstError: string | null,
  context: FailureContext = {},
): OperationFailure {
  return { phase: failurePhaseOf(code), code, firstError, hint: failureHint(code, context) };
}
