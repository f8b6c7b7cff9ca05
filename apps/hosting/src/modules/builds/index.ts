export { buildApp } from './build-app';
export type { BuildLogLine, BuildLogStream, BuildOptions, BuildResult } from './build-app';
export { BuildError } from './build-error';
export type { BuildErrorCode, BuildErrorDetails, BuildErrorKind } from './build-error';
export { readPackageManifest, resolveStartCommand } from './package-manifest';
export type { PackageManifest } from './package-manifest';
