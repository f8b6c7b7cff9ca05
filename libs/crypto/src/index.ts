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
export { contentDigest, contentDigestMatches } from './content-digest';
export {
  HttpSignatureErrorCode,
  UCP_COVERED_HEADERS,
  UCP_SIGNATURE_LABEL,
  signRequest,
  signResponse,
  signatureBase,
  ucpRequestComponents,
  ucpResponseComponents,
  verifyRequest,
  verifyResponse,
} from './http-message-signatures';
export type {
  HttpHeaders,
  SignRequestInput,
  SignResponseInput,
  SignatureHeaders,
  VerificationJwk,
  VerifyRequestInput,
  VerifyResponseInput,
  VerifyResult,
} from './http-message-signatures';
export { generateSigningKeyPair, jwkThumbprint, publicJwkOf } from './signing-keys';
export type { EcPrivateJwk, EcPublicJwk, SigningKeyPair } from './signing-keys';
export { SfToken, isInnerList, parseSfDictionary } from './structured-fields';
export type { SfItem, SfMember } from './structured-fields';
