/**
 * Secret names: the spec's syntax (a letter, then letters, digits, / _ + = . @ -) and the names an
 * app may not set because the runtime, the shell, Node, npm or the platform own them.
 */

/** Spec, PATCH secrets rule 4. */
export const SECRET_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9/_+=.@-]*$/;
export const MAX_SECRET_NAME_LENGTH = 256;

/**
 * Exact names refused, compared case-insensitively (npm reads its `npm_config_*` variables in any case,
 * Windows compares every name that way, and nobody needs both `path` and `PATH`).
 *
 * - What the runtime sets or the process relies on: PORT, PATH, HOME, USER, LOGNAME, SHELL, PWD,
 *   OLDPWD, TMPDIR.
 * - What changes how a shell runs `npm start`'s `sh -c` line: IFS, ENV, BASH_ENV, CDPATH, SHELLOPTS,
 *   BASHOPTS, PS4.
 * - The platform's own configuration, which must never reach an app (and so must not look as if it
 *   could): DATABASE_URL, REDIS_URL, SECRETS_ENCRYPTION_KEY, REDIS_KEY_PREFIX.
 */
export const RESERVED_SECRET_NAMES: readonly string[] = [
  'PORT',
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'PWD',
  'OLDPWD',
  'TMPDIR',
  'IFS',
  'ENV',
  'BASH_ENV',
  'CDPATH',
  'SHELLOPTS',
  'BASHOPTS',
  'PS4',
  'DATABASE_URL',
  'REDIS_URL',
  'SECRETS_ENCRYPTION_KEY',
  'REDIS_KEY_PREFIX',
];

/**
 * Prefixes refused, case-insensitively. `NODE_` covers NODE_OPTIONS (which could lift the permission
 * model with `--allow-fs-read=*` or `--require` code into the process) and NODE_ENV: the runtime sets
 * NODE_ENV=production itself for both variants, so an app cannot run its published variant in
 * development mode by accident. `NPM_` (npm_config_*, npm_lifecycle_*), `LD_` and `DYLD_` (dynamic
 * loader), `BASH_FUNC_` (exported shell functions), `PLATFORM_` (kept for variables the platform
 * injects into apps).
 */
export const RESERVED_SECRET_PREFIXES: readonly string[] = [
  'NODE_',
  'NPM_',
  'LD_',
  'DYLD_',
  'BASH_FUNC_',
  'PLATFORM_',
];

const reservedNames = new Set(RESERVED_SECRET_NAMES);

/** Syntax and length only (rule 4's first sentence). */
export function isValidSecretName(name: string): boolean {
  return name.length >= 1 && name.length <= MAX_SECRET_NAME_LENGTH && SECRET_NAME_PATTERN.test(name);
}

/** True for a name the app may not set (rule 4's second sentence); also used to scrub an app's env. */
export function isReservedSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  return reservedNames.has(upper) || RESERVED_SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix));
}
