import {
  buildFailure,
  firstErrorLine,
  installFailure,
  runtimeFailure,
  startFailure,
} from './classify-failure';
import type { FailureLogLine } from './classify-failure';
import { FAILURE_CODES, failureHint, failurePhaseOf } from './operation-failure';

const out = (message: string): FailureLogLine => ({ stream: 'STDOUT', message });
const err = (message: string): FailureLogLine => ({ stream: 'STDERR', message });
const sys = (message: string): FailureLogLine => ({ stream: 'SYSTEM', message });

/** What npm 11 prints for a dependency the registry does not have. */
const NPM_404 = [
  err('npm error code E404'),
  err('npm error 404 Not Found - GET https://registry.npmjs.org/left-pad-zz - Not found'),
  err('npm error 404'),
  err("npm error 404  'left-pad-zz@^1.0.0' is not in this registry."),
  err('npm error A complete log of this run can be found in: /home/.npm/_logs/debug-0.log'),
];

/** A build script (tsc) failing under `npm run build`: npm echoes the script and wraps the failure. */
const TSC_BUILD = [
  out('> app@1.0.0 build'),
  out('> tsc -p .'),
  out('compiling 3 files'),
  err('(node:4242) ExperimentalWarning: something experimental'),
  err("src/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'."),
  err('npm error Lifecycle script `build` failed with error:'),
  err('npm error code 1'),
  err('npm error path /data/imports/x/app'),
  err('npm error command failed'),
  err('npm error command sh -c tsc -p .'),
];

/** An uncaught exception at start: Node prints the source line first, the error after. */
const UNCAUGHT = [
  out('starting'),
  err('/app/server.js:3'),
  err("    throw new Error('DATABASE_HOST is not set');"),
  err('    ^'),
  err(''),
  err('Error: DATABASE_HOST is not set'),
  err('    at Object.<anonymous> (/app/server.js:3:11)'),
  err(''),
  err('Node.js v22.11.0'),
];

describe('firstErrorLine', () => {
  it("a failed build script: the compiler's line, not npm's wrapper, its echo or a warning", () => {
    expect(firstErrorLine(TSC_BUILD)).toBe(
      "src/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
  });

  it("a failed install: npm's reason, not its code or log-file lines", () => {
    expect(firstErrorLine(NPM_404)).toBe(
      'npm error 404 Not Found - GET https://registry.npmjs.org/left-pad-zz - Not found',
    );
  });

  it('an uncaught exception: the error line, not the source location above it', () => {
    expect(firstErrorLine(UNCAUGHT)).toBe('Error: DATABASE_HOST is not set');
  });

  it('prefers an error-shaped line to an earlier line that only mentions a failure', () => {
    expect(firstErrorLine([out('retrying: connection failed'), err('TypeError: x is not a function')])).toBe(
      'TypeError: x is not a function',
    );
    expect(firstErrorLine([out('FATAL ERROR: Reached heap limit')])).toBe('FATAL ERROR: Reached heap limit');
    expect(firstErrorLine([out('✘ [ERROR] Could not resolve "react"')])).toBe(
      '✘ [ERROR] Could not resolve "react"',
    );
  });

  it('falls back to the first stderr line, then the first stdout line; SYSTEM lines never count', () => {
    expect(firstErrorLine([sys('exit code 1'), out('hello'), err('  something odd  ')])).toBe(
      'something odd',
    );
    expect(firstErrorLine([sys('exit code 1'), out('waiting for the database'), out('still waiting')])).toBe(
      'waiting for the database',
    );
  });

  it('is null when the step wrote nothing (or only warnings and blank lines)', () => {
    expect(firstErrorLine([])).toBeNull();
    expect(firstErrorLine([sys('started'), err(''), err('npm warn deprecated x@1')])).toBeNull();
  });

  it('cuts a very long line', () => {
    const line = firstErrorLine([err(`Error: ${'x'.repeat(5000)}`)]);
    expect(line).toHaveLength(1000);
    expect(line?.endsWith('…')).toBe(true);
  });
});

describe('installFailure', () => {
  it("DEPENDENCY_NOT_FOUND from npm's E404, ETARGET and, installing offline, ENOTCACHED", () => {
    expect(installFailure(NPM_404)).toMatchObject({ phase: 'INSTALL', code: 'DEPENDENCY_NOT_FOUND' });
    expect(
      installFailure([err('npm error code ETARGET'), err('npm error notarget No matching version')]).code,
    ).toBe('DEPENDENCY_NOT_FOUND');
    const offline = installFailure([
      err('npm error code ENOTCACHED'),
      err("npm error request to https://registry.npmjs.org/x failed: cache mode is 'only-if-cached'"),
    ]);
    expect(offline).toMatchObject({
      code: 'DEPENDENCY_NOT_FOUND',
      firstError: "npm error request to https://registry.npmjs.org/x failed: cache mode is 'only-if-cached'",
    });
  });

  it('LOCKFILE_OUT_OF_SYNC, REGISTRY_UNREACHABLE, else INSTALL_FAILED', () => {
    expect(
      installFailure([
        err('npm error code EUSAGE'),
        err(
          'npm error `npm ci` can only install packages when your package.json and package-lock.json are in sync.',
        ),
      ]).code,
    ).toBe('LOCKFILE_OUT_OF_SYNC');
    expect(installFailure([err('npm error code EAI_AGAIN')]).code).toBe('REGISTRY_UNREACHABLE');
    expect(
      installFailure([err('npm error code ERESOLVE'), err('npm error ERESOLVE unable to resolve')]),
    ).toMatchObject({
      phase: 'INSTALL',
      code: 'INSTALL_FAILED',
      firstError: 'npm error ERESOLVE unable to resolve',
    });
  });
});

describe('buildFailure', () => {
  it('a build script that exits non-zero is BUILD_SCRIPT_FAILED with the compiler line', () => {
    expect(buildFailure('BUILD_FAILED', 'step', TSC_BUILD)).toMatchObject({
      phase: 'BUILD',
      code: 'BUILD_SCRIPT_FAILED',
      firstError: expect.stringContaining('error TS2322'),
    });
  });

  it('tells a refused build script and a failing builder from a failing script', () => {
    expect(buildFailure('BUILD_FAILED', 'refused', []).code).toBe('BUILD_SCRIPT_REFUSED');
    expect(buildFailure('BUILD_FAILED', 'builder', []).code).toBe('BUILDER_ERROR');
  });

  it('maps the other build codes to their BUILD code, and INSTALL_FAILED to the INSTALL phase', () => {
    expect(buildFailure('INSTALL_FAILED', 'step', NPM_404)).toMatchObject({
      phase: 'INSTALL',
      code: 'DEPENDENCY_NOT_FOUND',
    });
    for (const code of [
      'BUILD_TIMEOUT',
      'NO_START_COMMAND',
      'UNSUPPORTED_START_SCRIPT',
      'INVALID_PACKAGE_JSON',
    ] as const)
      expect(buildFailure(code, 'step', [])).toMatchObject({ phase: 'BUILD', code, firstError: null });
  });
});

describe('startFailure', () => {
  const exited = { kind: 'EXITED', exitCode: 1, signal: null } as const;

  it('an exit before listening is START EXITED_BEFORE_LISTENING with the error line', () => {
    expect(startFailure(exited, 'exited (exit code 1)', UNCAUGHT)).toMatchObject({
      phase: 'START',
      code: 'EXITED_BEFORE_LISTENING',
      firstError: 'Error: DATABASE_HOST is not set',
    });
  });

  it('a missing module and a denied access have their own START codes', () => {
    expect(
      startFailure(exited, 'x', [
        err("Error: Cannot find module 'express'"),
        err("  code: 'MODULE_NOT_FOUND',"),
      ]).code,
    ).toBe('MODULE_NOT_FOUND');
    expect(
      startFailure(exited, 'x', [
        err('Error: Access to this API has been restricted'),
        err("  code: 'ERR_ACCESS_DENIED',"),
      ]).code,
    ).toBe('ACCESS_DENIED');
  });

  it("an exit after V8's heap limit is RESOURCES OUT_OF_MEMORY quoting the bound", () => {
    const failure = startFailure(
      { kind: 'EXITED', exitCode: null, signal: 'SIGABRT' },
      'x',
      [
        err('<--- Last few GCs --->'),
        err(
          '[1:0x1]  102 ms: Mark-Compact 13.5 (28.3) -> 12.4 (29.8) MB, allocation failure; scavenge might not succeed',
        ),
        err('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'),
      ],
      { memoryMb: 64 },
    );
    expect(failure).toMatchObject({
      phase: 'RESOURCES',
      code: 'OUT_OF_MEMORY',
      firstError: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    });
    expect(failure.hint).toContain('64 MB');
  });

  it('killed for not listening in time is PORT PORT_TIMEOUT quoting the deadline', () => {
    const failure = startFailure({ kind: 'NOT_LISTENING', timeoutMs: 2000 }, 'x', [
      out('waiting for the database'),
    ]);
    expect(failure).toMatchObject({
      phase: 'PORT',
      code: 'PORT_TIMEOUT',
      firstError: 'waiting for the database',
    });
    expect(failure.hint).toContain('within 2 s');
  });

  it('refusals and sandbox set-up failures are START with their own codes', () => {
    expect(startFailure({ kind: 'REFUSED' }, 'x', []).code).toBe('START_REFUSED');
    expect(startFailure({ kind: 'SANDBOX_FAILED' }, 'x', []).code).toBe('SANDBOX_SETUP_FAILED');
    expect(startFailure({ kind: 'STOPPED' }, 'x', []).code).toBe('START_FAILED');
  });

  it('without a reason (the Kubernetes driver): OOMKilled is RESOURCES, anything else START_FAILED', () => {
    expect(
      startFailure(
        undefined,
        'container app CrashLoopBackOff (3 restarts, last exit code 137 (OOMKilled))',
        [],
      ),
    ).toMatchObject({ phase: 'RESOURCES', code: 'OUT_OF_MEMORY' });
    expect(startFailure(undefined, 'rollout failed', [out('boom')])).toMatchObject({
      phase: 'START',
      code: 'START_FAILED',
      firstError: 'boom',
    });
  });
});

describe('runtimeFailure', () => {
  const oom = {
    kind: 'RESOURCES',
    resource: 'memory',
    detail: 'the kernel killed it at its memory bound of 256 MB (cgroup-v1)',
  } as const;
  it("a running instance its bounds ended is RESOURCES OUT_OF_MEMORY with the driver's words", () => {
    const failure = runtimeFailure(
      [{ lastFailure: { kind: 'EXITED', exitCode: 3, signal: null } }, { lastFailure: oom }],
      { memoryMb: 256 },
    );
    expect(failure).toMatchObject({
      phase: 'RESOURCES',
      code: 'OUT_OF_MEMORY',
      firstError: 'out of memory: the kernel killed it at its memory bound of 256 MB (cgroup-v1)',
    });
    expect(failure?.hint).toContain('256 MB');
    expect(
      runtimeFailure([{ lastFailure: { kind: 'RESOURCES', resource: 'pids', detail: '600 processes' } }])
        ?.code,
    ).toBe('PROCESS_LIMIT');
  });
  it('is null when no instance ended, or only crashed (exit, signal, not listening)', () => {
    expect(runtimeFailure([])).toBeNull();
    expect(
      runtimeFailure([
        { lastFailure: null },
        { lastFailure: { kind: 'EXITED', exitCode: null, signal: 'SIGKILL' } },
        { lastFailure: { kind: 'NOT_LISTENING', timeoutMs: 1000 } },
      ]),
    ).toBeNull();
  });
});

describe('failure codes', () => {
  it('every code has a phase and a hint; HEALTH_CHECK is reserved for health-gated deploys', () => {
    for (const code of FAILURE_CODES) {
      expect(failurePhaseOf(code)).toBeDefined();
      expect(failureHint(code).length).toBeGreaterThan(20);
    }
    expect(failurePhaseOf('HEALTH_CHECK_FAILED')).toBe('HEALTH_CHECK');
  });
});
