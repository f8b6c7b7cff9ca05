import type { BuildLogLine } from './build-app';

export type BuildErrorCode =
  | 'INVALID_PACKAGE_JSON'
  | 'INVALID_SOURCE'
  | 'INSTALL_FAILED'
  | 'BUILD_FAILED'
  | 'NO_START_COMMAND'
  | 'UNSUPPORTED_START_SCRIPT'
  | 'BUILD_TIMEOUT'
  | 'BUILD_CANCELLED';

/**
 * What kind of BUILD_FAILED (or other code) it is: `step` (a step ran and failed: its exit code, a
 * timeout), `refused` (the build script was not run: no isolation mechanism), `builder` (the builder
 * itself failed, e.g. a sandbox that could not be set up: not the app's doing).
 */
export type BuildErrorKind = 'step' | 'refused' | 'builder';

export interface BuildErrorDetails {
  readonly kind?: BuildErrorKind;
  /** The stdout and stderr lines of the step that failed (the first MAX_STEP_OUTPUT_LINES). */
  readonly output?: readonly BuildLogLine[];
}

/** Why a build failed; the build log's last SYSTEM line says the same. */
export class BuildError extends Error {
  readonly kind: BuildErrorKind;
  readonly output: readonly BuildLogLine[];

  constructor(
    readonly code: BuildErrorCode,
    message: string,
    details: BuildErrorDetails = {},
  ) {
    super(message);
    this.name = 'BuildError';
    this.kind = details.kind ?? 'step';
    this.output = details.output ?? [];
  }
}
