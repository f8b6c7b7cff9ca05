/**
 * Stable codes of a refused `PATCH …/secrets` body. The controller renders them as the commerce error
 * object's `details[].issue`; clients match on them, never on the message.
 */
export const SecretPatchErrorCode = {
  /** The body is not a JSON array, or it is empty. */
  INVALID_PATCH: 'INVALID_PATCH',
  /** More than 50 operations. */
  TOO_MANY_OPERATIONS: 'TOO_MANY_OPERATIONS',
  /** An operation is not an object, has no string `op`, or is a remove that carries a value. */
  INVALID_OPERATION: 'INVALID_OPERATION',
  /** `op` is a string other than add, replace, remove (test, move, copy, anything else). */
  UNSUPPORTED_OP: 'UNSUPPORTED_OP',
  /** `path` is missing, not a string, not `/<name>` (empty, deeper, no leading slash) or badly escaped. */
  INVALID_PATH: 'INVALID_PATH',
  /** The unescaped name breaks the name syntax or is longer than 256 characters. */
  INVALID_SECRET_NAME: 'INVALID_SECRET_NAME',
  /** The name is reserved for the runtime or the platform (PATH, PORT, NODE_*, …). */
  RESERVED_SECRET_NAME: 'RESERVED_SECRET_NAME',
  /** The name belongs to a system-managed secret, which cannot be added over, replaced or removed. */
  SYSTEM_SECRET: 'SYSTEM_SECRET',
  /** add/replace without a value, with a non-string value, or with a value no environment can hold. */
  INVALID_SECRET_VALUE: 'INVALID_SECRET_VALUE',
  /** The value is longer than 8192 bytes of UTF-8. */
  SECRET_VALUE_TOO_LARGE: 'SECRET_VALUE_TOO_LARGE',
  /** replace or remove of a name that does not exist at that point of the patch. */
  SECRET_NOT_FOUND: 'SECRET_NOT_FOUND',
  /** The patch would leave the app with more than 50 secrets. */
  TOO_MANY_SECRETS: 'TOO_MANY_SECRETS',
} as const;
export type SecretPatchErrorCode = (typeof SecretPatchErrorCode)[keyof typeof SecretPatchErrorCode];

export interface SecretPatchErrorInit {
  readonly code: SecretPatchErrorCode;
  readonly message: string;
  /** Index of the offending operation; null when the error is about the whole body or its result. */
  readonly opIndex: number | null;
  /** The offending operation's `path` member when it is a string (e.g. `/API~1KEY`), else null. */
  readonly path?: string | null;
  /** The member of the operation at fault: `op`, `path`, `value`, or null for the operation itself. */
  readonly member?: 'op' | 'path' | 'value' | null;
}

/**
 * Why a secrets patch was refused. Every code answers 400: the spec's PATCH rules say "yields 400" for
 * patch errors, and the resource the URL names (the app's secret set) exists even when a patch names a
 * secret that does not, so SECRET_NOT_FOUND is a 400 about the body, not a 404 about the URL.
 */
export class SecretPatchError extends Error {
  readonly code: SecretPatchErrorCode;
  readonly status = 400 as const;
  readonly opIndex: number | null;
  readonly path: string | null;
  /**
   * RFC 6901 pointer into the request body for `details[].field` (location `body`): `/3/path`,
   * `/3/value`, `/3/op`, `/3` for the operation as a whole, `` (the root) for the whole body.
   */
  readonly field: string;

  constructor(init: SecretPatchErrorInit) {
    super(init.message);
    this.name = 'SecretPatchError';
    this.code = init.code;
    this.opIndex = init.opIndex;
    this.path = init.path ?? null;
    this.field =
      init.opIndex === null ? '' : init.member ? `/${init.opIndex}/${init.member}` : `/${init.opIndex}`;
  }
}
