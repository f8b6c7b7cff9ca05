export { SecretBox, keyIdOf } from './secret-box';
export {
  MAX_LIST_CURSOR_LENGTH,
  MAX_LIST_CURSOR_PART_LENGTH,
  SignedListCursors,
  decodeListCursor,
  encodeListCursor,
} from './list-cursor';
export type { ListCursorPart } from './list-cursor';
export { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from './internal-credential';
