import { Errors, PlatformError } from '@platform/errors';
import {
  HEALTH_CHECK_DEFAULTS,
  HEALTH_CHECK_LIMITS,
  HEALTH_CHECK_PATH_MAX,
  type HealthCheck,
} from '../runtime/health-check';
import { INSTANCES_MAX, INSTANCES_MIN, type Variant } from './app-environment.entity';
import { APP_NAME_MAX } from './apps.request';

/**
 * PATCH /v1/hosting/apps/{appId} (JSON Patch, RFC 6902; docs/hosting.md, "Instances, health checks
 * and restarts"): the operations it takes, validated into the changes to apply. Pure.
 *
 * - `replace /name` — 1 to 200 characters, not blank, no control characters;
 * - `replace /variants/{preview|publish}/instances` — an integer 1 to 10;
 * - `add|replace /variants/{preview|publish}/healthCheck` — `{path, intervalS?, timeoutS?, graceS?}`;
 * - `remove /variants/{preview|publish}/healthCheck` — back to "listening on PORT".
 * Anything else is 400 with the operation's field; 1 to 20 operations, applied in order.
 */

export const APP_PATCH_MAX_OPERATIONS = 20;

/** Stable codes of a refused app patch (`details[].issue`). */
export const AppPatchErrorCode = {
  INVALID_PATCH: 'INVALID_PATCH',
  UNSUPPORTED_OPERATION: 'UNSUPPORTED_OPERATION',
  INVALID_NAME: 'INVALID_NAME',
  INVALID_INSTANCES: 'INVALID_INSTANCES',
  INVALID_HEALTH_CHECK: 'INVALID_HEALTH_CHECK',
} as const;
export type AppPatchErrorCode = (typeof AppPatchErrorCode)[keyof typeof AppPatchErrorCode];

export interface VariantSettingsChange {
  instances?: number;
  /** null: removed. */
  healthCheck?: HealthCheck | null;
}

export interface AppChanges {
  name?: string;
  variants: Partial<Record<Variant, VariantSettingsChange>>;
}

const VARIANT_SEGMENTS: Record<string, Variant> = { preview: 'PREVIEW', publish: 'PUBLISH' };
const PRINTABLE_NAME = /^(?=.*\S)[^\p{Cc}]*$/u;
/** An absolute path (and query) of visible ASCII: what a GET request line carries. */
const HEALTH_PATH = /^\/[\x21-\x7e]*$/;

const refuse = (code: AppPatchErrorCode, field: string, message: string, value?: unknown): PlatformError =>
  Errors.validation(
    [
      {
        location: 'body',
        path:
          field === ''
            ? []
            : field
                .slice(1)
                .split('/')
                .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
        code,
        message,
        ...(value === undefined ? {} : { value }),
      },
    ],
    message,
  );

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changes a patch body asks for, or a 400 PlatformError naming the field at fault. */
export function parseAppPatch(body: unknown): AppChanges {
  if (!Array.isArray(body) || body.length === 0)
    throw refuse(AppPatchErrorCode.INVALID_PATCH, '', 'the body must be a non-empty JSON Patch array');
  if (body.length > APP_PATCH_MAX_OPERATIONS)
    throw refuse(
      AppPatchErrorCode.INVALID_PATCH,
      '',
      `at most ${APP_PATCH_MAX_OPERATIONS} operations per patch`,
    );
  const changes: AppChanges = { variants: {} };
  body.forEach((operation: unknown, i) => applyOperation(changes, operation, `/${i}`));
  return changes;
}

function applyOperation(changes: AppChanges, operation: unknown, at: string): void {
  if (!isObject(operation))
    throw refuse(AppPatchErrorCode.INVALID_PATCH, at, 'an operation must be an object');
  const { op, path, value } = operation;
  const unsupported = () =>
    refuse(
      AppPatchErrorCode.UNSUPPORTED_OPERATION,
      `${at}/path`,
      'supported: replace /name, replace /variants/{preview|publish}/instances, add|replace|remove /variants/{preview|publish}/healthCheck',
      typeof path === 'string' ? path : undefined,
    );
  if (typeof op !== 'string' || typeof path !== 'string') throw unsupported();
  if (path === '/name') {
    if (op !== 'replace') throw unsupported();
    if (
      typeof value !== 'string' ||
      value.length < 1 ||
      value.length > APP_NAME_MAX ||
      !PRINTABLE_NAME.test(value)
    )
      throw refuse(
        AppPatchErrorCode.INVALID_NAME,
        `${at}/value`,
        `name must be 1 to ${APP_NAME_MAX} characters, not blank, without control characters`,
      );
    changes.name = value;
    return;
  }
  const match = /^\/variants\/([^/]+)\/(instances|healthCheck)$/.exec(path);
  const variant = match ? VARIANT_SEGMENTS[match[1]] : undefined;
  if (!match || !variant) throw unsupported();
  const change = (changes.variants[variant] ??= {});
  if (match[2] === 'instances') {
    if (op !== 'replace') throw unsupported();
    if (!Number.isInteger(value) || (value as number) < INSTANCES_MIN || (value as number) > INSTANCES_MAX)
      throw refuse(
        AppPatchErrorCode.INVALID_INSTANCES,
        `${at}/value`,
        `instances must be an integer from ${INSTANCES_MIN} to ${INSTANCES_MAX}`,
        typeof value === 'number' ? value : undefined,
      );
    change.instances = value as number;
    return;
  }
  if (op === 'remove') {
    if ('value' in operation) throw refuse(AppPatchErrorCode.INVALID_PATCH, at, 'remove takes no value');
    change.healthCheck = null;
    return;
  }
  if (op !== 'add' && op !== 'replace') throw unsupported();
  change.healthCheck = parseHealthCheck(value, `${at}/value`);
}

/** `{path, intervalS?, timeoutS?, graceS?}` with the defaults filled in. */
export function parseHealthCheck(value: unknown, at: string): HealthCheck {
  if (!isObject(value))
    throw refuse(
      AppPatchErrorCode.INVALID_HEALTH_CHECK,
      at,
      'healthCheck must be an object {path, intervalS, timeoutS, graceS}',
    );
  for (const member of Object.keys(value))
    if (!['path', 'intervalS', 'timeoutS', 'graceS'].includes(member))
      throw refuse(AppPatchErrorCode.INVALID_HEALTH_CHECK, `${at}/${member}`, `unknown member ${member}`);
  const { path } = value;
  if (typeof path !== 'string' || path.length > HEALTH_CHECK_PATH_MAX || !HEALTH_PATH.test(path))
    throw refuse(
      AppPatchErrorCode.INVALID_HEALTH_CHECK,
      `${at}/path`,
      `path must start with / and be at most ${HEALTH_CHECK_PATH_MAX} visible ASCII characters`,
    );
  const seconds = (member: keyof typeof HEALTH_CHECK_LIMITS): number => {
    const given = value[member];
    if (given === undefined) return HEALTH_CHECK_DEFAULTS[member];
    const { min, max } = HEALTH_CHECK_LIMITS[member];
    if (!Number.isInteger(given) || (given as number) < min || (given as number) > max)
      throw refuse(
        AppPatchErrorCode.INVALID_HEALTH_CHECK,
        `${at}/${member}`,
        `${member} must be an integer from ${min} to ${max}`,
        typeof given === 'number' ? given : undefined,
      );
    return given as number;
  };
  return { path, intervalS: seconds('intervalS'), timeoutS: seconds('timeoutS'), graceS: seconds('graceS') };
}

/** The OpenAPI schema of the body. */
export const APP_PATCH_BODY_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: APP_PATCH_MAX_OPERATIONS,
  items: {
    type: 'object',
    required: ['op', 'path'],
    properties: {
      op: { type: 'string', enum: ['add', 'replace', 'remove'] },
      path: {
        type: 'string',
        enum: [
          '/name',
          '/variants/preview/instances',
          '/variants/publish/instances',
          '/variants/preview/healthCheck',
          '/variants/publish/healthCheck',
        ],
      },
      value: {
        description:
          '/name: a string (1–200); …/instances: an integer 1–10; …/healthCheck (add or replace): {path, intervalS 1–60 (default 2), timeoutS 1–60 (default 2), graceS 0–300 (default 10)}',
      },
    },
  },
} as const;
