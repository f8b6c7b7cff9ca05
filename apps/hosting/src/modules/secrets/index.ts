export { SecretPatchError, SecretPatchErrorCode } from './secret-patch.errors';
export {
  applySecretPatch,
  isSystemSecret,
  parseSecretPointer,
  secretPointer,
  SECRET_PATCH_LIMITS,
  type CurrentSecrets,
  type PatchResult,
  type SecretValue,
  type SystemSecret,
} from './secret-patch';
export {
  isReservedSecretName,
  isValidSecretName,
  MAX_SECRET_NAME_LENGTH,
  RESERVED_SECRET_NAMES,
  RESERVED_SECRET_PREFIXES,
  SECRET_NAME_PATTERN,
} from './secret-names';
export { MIN_REDACTED_SECRET_LENGTH, SecretRedactor, secretMark, type NamedSecret } from './secret-redactor';
