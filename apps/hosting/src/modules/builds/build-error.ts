export type BuildErrorCode =
  | 'INVALID_PACKAGE_JSON'
  | 'INVALID_SOURCE'
  | 'INSTALL_FAILED'
  | 'BUILD_FAILED'
  | 'NO_START_COMMAND'
  | 'UNSUPPORTED_START_SCRIPT'
  | 'BUILD_TIMEOUT'
  | 'BUILD_CANCELLED';

/** Why a build failed; the build log's last SYSTEM line says the same. */
export class BuildError extends Error {
  constructor(
    readonly code: BuildErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BuildError';
  }
}
