import {
  applyPatch,
  escapePathComponent,
  JsonPatchError,
  unescapePathComponent,
  validator,
  type Operation,
  type Validator,
} from 'fast-json-patch';
import { SecretPatchError, SecretPatchErrorCode } from './secret-patch.errors';
import { isReservedSecretName, isValidSecretName, MAX_SECRET_NAME_LENGTH } from './secret-names';

/**
 * The JSON Patch engine of `PATCH /v1/hosting/apps/{appId}/secrets`: the spec's restricted RFC 6902
 * profile (add, replace, remove on `/<name>`), checked here, applied by fast-json-patch.
 */

export const SECRET_PATCH_LIMITS = {
  /** Operations per request (rule 2). */
  maxOperations: 50,
  /** Secrets per app and variant, system-managed ones included (rule 6). */
  maxSecrets: 50,
  /** UTF-8 bytes of one value (rule 5: "at most 8 KB"). */
  maxValueBytes: 8192,
  maxNameLength: MAX_SECRET_NAME_LENGTH,
} as const;

/** A user secret's value as the caller holds it. The engine copies it, never reads it. */
export type SecretValue = string;

/** A system-managed secret: listed, counted, never added over, replaced or removed by a patch. */
export interface SystemSecret {
  readonly system: true;
}

export type CurrentSecrets = ReadonlyMap<string, SecretValue | SystemSecret>;

export interface PatchResult {
  /** Every user secret after the patch (system-managed ones are not in it), in a stable order. */
  readonly secrets: Map<string, string>;
  /** added ∪ replaced ∪ removed, in the order the patch first names them. */
  readonly changed: string[];
  /** Did not exist before, exist after. */
  readonly added: string[];
  /** Existed before, exist after, and an add or replace wrote them (even with the same value). */
  readonly replaced: string[];
  /** Existed before, do not exist after. */
  readonly removed: string[];
}

const SUPPORTED_OPS = new Set(['add', 'replace', 'remove']);
type SupportedOp = 'add' | 'replace' | 'remove';

/** An operation that passed our checks: what fast-json-patch is given. */
interface CheckedOperation {
  readonly op: SupportedOp;
  readonly path: string;
  readonly value?: string;
}

export function isSystemSecret(value: SecretValue | SystemSecret | undefined): value is SystemSecret {
  return typeof value === 'object' && value !== null && value.system === true;
}

/** `/<name>` for a secret name: `API/KEY` → `/API~1KEY`. */
export function secretPointer(name: string): string {
  return '/' + escapePathComponent(name);
}

/**
 * The secret name a path addresses, or null when the path is not exactly one RFC 6901 reference token:
 * it must start with `/`, hold no other unescaped `/`, and use `~` only in `~0` and `~1`.
 */
export function parseSecretPointer(path: string): string | null {
  if (!path.startsWith('/')) return null;
  const token = path.slice(1);
  if (token.includes('/') || /~(?![01])/.test(token)) return null;
  return unescapePathComponent(token);
}

/**
 * Applies a secrets patch to the current secret set, atomically: it returns the whole new set, or
 * throws a SecretPatchError and the caller stores nothing. Pure: `current` and `ops` are not modified.
 *
 * Checks run in two passes, each reporting the first failing operation: first every operation on its
 * own (shape, op, path, name, system/reserved name, value), then the patch as a sequence (a replace or
 * remove of a name absent at that point, the count of secrets after the last operation).
 */
export function applySecretPatch(current: CurrentSecrets, ops: unknown): PatchResult {
  const checked = checkOperations(current, ops);

  const userEntries: [string, string][] = [];
  let systemCount = 0;
  for (const [name, value] of current) {
    if (isSystemSecret(value)) systemCount++;
    else userEntries.push([name, value]);
  }
  // fromEntries defines own properties, so even a stored name such as `__proto__` stays plain data.
  const before: Record<string, string> = Object.fromEntries(userEntries);

  let after: Record<string, string>;
  try {
    // validate: RFC 6902 checks plus own-property existence (below); mutateDocument=false: the library
    // deep-clones `before`, so a failure part-way leaves nothing half-applied.
    after = applyPatch(before, checked as Operation[], ownPropertyValidator, false).newDocument;
  } catch (error) {
    throw mapLibraryError(error, checked);
  }

  const total = Object.keys(after).length + systemCount;
  if (total > SECRET_PATCH_LIMITS.maxSecrets && total > current.size) {
    throw new SecretPatchError({
      code: SecretPatchErrorCode.TOO_MANY_SECRETS,
      message: `the patch would leave ${total} secrets; at most ${SECRET_PATCH_LIMITS.maxSecrets} are allowed`,
      opIndex: null,
    });
  }

  return summarize(before, after, checked);
}

function checkOperations(current: CurrentSecrets, ops: unknown): CheckedOperation[] {
  if (!Array.isArray(ops)) {
    throw new SecretPatchError({
      code: SecretPatchErrorCode.INVALID_PATCH,
      message: 'the body must be a JSON array of operations',
      opIndex: null,
    });
  }
  if (ops.length === 0) {
    throw new SecretPatchError({
      code: SecretPatchErrorCode.INVALID_PATCH,
      message: 'the patch must hold at least one operation',
      opIndex: null,
    });
  }
  if (ops.length > SECRET_PATCH_LIMITS.maxOperations) {
    throw new SecretPatchError({
      code: SecretPatchErrorCode.TOO_MANY_OPERATIONS,
      message: `the patch holds ${ops.length} operations; at most ${SECRET_PATCH_LIMITS.maxOperations} are allowed`,
      opIndex: null,
    });
  }
  return ops.map((op: unknown, index) => checkOperation(current, op, index));
}

function checkOperation(current: CurrentSecrets, raw: unknown, opIndex: number): CheckedOperation {
  const fail = (
    code: SecretPatchErrorCode,
    message: string,
    member: 'op' | 'path' | 'value' | null,
    path: string | null = null,
  ): never => {
    throw new SecretPatchError({ code, message, opIndex, member, path });
  };

  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail(SecretPatchErrorCode.INVALID_OPERATION, 'an operation must be a JSON object', null);
  }
  const operation = raw as Record<string, unknown>;
  const { op, path } = operation;
  const pathText = typeof path === 'string' ? path : null;

  if (typeof op !== 'string') {
    return fail(
      SecretPatchErrorCode.INVALID_OPERATION,
      '`op` is required and must be a string',
      'op',
      pathText,
    );
  }
  if (!SUPPORTED_OPS.has(op)) {
    return fail(
      SecretPatchErrorCode.UNSUPPORTED_OP,
      `op "${op}" is not supported; use add, replace or remove`,
      'op',
      pathText,
    );
  }
  if (pathText === null) {
    return fail(SecretPatchErrorCode.INVALID_PATH, '`path` is required and must be a string', 'path');
  }
  const name = parseSecretPointer(pathText);
  if (name === null) {
    return fail(
      SecretPatchErrorCode.INVALID_PATH,
      'path must be /<secret name> (one JSON Pointer token; write / as ~1 and ~ as ~0)',
      'path',
      pathText,
    );
  }
  if (!isValidSecretName(name)) {
    return fail(
      SecretPatchErrorCode.INVALID_SECRET_NAME,
      `a secret name starts with a letter, holds only letters, digits and / _ + = . @ -, and has at most ${SECRET_PATCH_LIMITS.maxNameLength} characters`,
      'path',
      pathText,
    );
  }
  if (isSystemSecret(current.get(name))) {
    return fail(SecretPatchErrorCode.SYSTEM_SECRET, `${name} is managed by the platform`, 'path', pathText);
  }
  if (isReservedSecretName(name)) {
    return fail(SecretPatchErrorCode.RESERVED_SECRET_NAME, `${name} is a reserved name`, 'path', pathText);
  }

  const hasValue = Object.hasOwn(operation, 'value');
  if (op === 'remove') {
    if (hasValue) {
      return fail(SecretPatchErrorCode.INVALID_OPERATION, 'remove takes no value', 'value', pathText);
    }
    return { op, path: pathText };
  }

  const { value } = operation;
  if (!hasValue || typeof value !== 'string') {
    return fail(SecretPatchErrorCode.INVALID_SECRET_VALUE, `${op} needs a string value`, 'value', pathText);
  }
  // An environment cannot hold NUL (spawn refuses it) and UTF-8 cannot hold a lone surrogate (it would be
  // stored as U+FFFD, i.e. a different secret than the one sent).
  if (value.includes('\0') || /\p{Cs}/u.test(value)) {
    return fail(
      SecretPatchErrorCode.INVALID_SECRET_VALUE,
      'a value cannot contain NUL or unpaired surrogates',
      'value',
      pathText,
    );
  }
  if (Buffer.byteLength(value, 'utf8') > SECRET_PATCH_LIMITS.maxValueBytes) {
    return fail(
      SecretPatchErrorCode.SECRET_VALUE_TOO_LARGE,
      `a value has at most ${SECRET_PATCH_LIMITS.maxValueBytes} bytes of UTF-8`,
      'value',
      pathText,
    );
  }
  return { op: op as 'add' | 'replace', path: pathText, value };
}

/**
 * fast-json-patch's validator, plus: replace and remove need an *own* property. The library tests
 * existence with `obj[key] === undefined`, so on a plain object it would "find" `constructor` or
 * `toString` (valid secret names) on the prototype and replace or remove a secret that does not exist.
 */
const ownPropertyValidator: Validator<Record<string, string>> = (operation, index, document, existing) => {
  validator(operation, index, document, existing);
  if (document !== undefined && (operation.op === 'replace' || operation.op === 'remove')) {
    const name = parseSecretPointer(operation.path);
    if (name !== null && !Object.hasOwn(document, name)) {
      throw new JsonPatchError(
        'Cannot perform the operation at a path that does not exist',
        'OPERATION_PATH_UNRESOLVABLE',
        index,
        operation,
        document,
      );
    }
  }
};

function mapLibraryError(error: unknown, checked: readonly CheckedOperation[]): Error {
  if (!(error instanceof JsonPatchError)) return error instanceof Error ? error : new Error(String(error));
  // The library reports index 0 for validator errors; the operation object is ours, so find it.
  const found = checked.indexOf(error.operation as CheckedOperation);
  const opIndex = found >= 0 ? found : (error.index ?? null);
  const operation = opIndex === null ? undefined : checked[opIndex];
  if (error.name === 'OPERATION_PATH_UNRESOLVABLE' && operation) {
    return new SecretPatchError({
      code: SecretPatchErrorCode.SECRET_NOT_FOUND,
      message: `no secret ${parseSecretPointer(operation.path)} to ${operation.op}`,
      opIndex,
      member: 'path',
      path: operation.path,
    });
  }
  // Not reachable with operations that passed checkOperation; kept a 400 rather than a 500.
  return new SecretPatchError({
    code: SecretPatchErrorCode.INVALID_OPERATION,
    message: `the operation cannot be applied (${error.name})`,
    opIndex,
    path: operation?.path ?? null,
  });
}

function summarize(
  before: Record<string, string>,
  after: Record<string, string>,
  checked: readonly CheckedOperation[],
): PatchResult {
  // Sets, not arrays: with 50 operations, includes() over arrays was most of the engine's time.
  const written = new Set<string>();
  const order = new Set<string>();
  for (const operation of checked) {
    const name = parseSecretPointer(operation.path) as string;
    order.add(name);
    if (operation.op !== 'remove') written.add(name);
  }
  const changed: string[] = [];
  const added: string[] = [];
  const replaced: string[] = [];
  const removed: string[] = [];
  for (const name of order) {
    const existed = Object.hasOwn(before, name);
    const exists = Object.hasOwn(after, name);
    if (!existed && exists) added.push(name);
    else if (existed && !exists) removed.push(name);
    else if (existed && exists && written.has(name)) replaced.push(name);
    else continue;
    changed.push(name);
  }
  return { secrets: new Map(Object.entries(after)), changed, added, replaced, removed };
}
