import { x509 } from './pki-x509';

/**
 * RFC 5280 §5.3.1 reason codes by the names the registry stores in `revocation_reason`. Callers may
 * give only REVOCATION_REASONS (../agents/agent.model); the others are here because the registry
 * itself may use them (SUPERSEDED on renewal, CA_COMPROMISE) and a CRL must encode whatever is
 * stored. REMOVE_FROM_CRL (8) is omitted: it only undoes a CERTIFICATE_HOLD in delta CRLs.
 */
export const CRL_REASON_CODES = {
  UNSPECIFIED: x509.X509CrlReason.unspecified,
  KEY_COMPROMISE: x509.X509CrlReason.keyCompromise,
  CA_COMPROMISE: x509.X509CrlReason.cACompromise,
  AFFILIATION_CHANGED: x509.X509CrlReason.affiliationChanged,
  SUPERSEDED: x509.X509CrlReason.superseded,
  CESSATION_OF_OPERATION: x509.X509CrlReason.cessationOfOperation,
  CERTIFICATE_HOLD: x509.X509CrlReason.certificateHold,
  PRIVILEGE_WITHDRAWN: x509.X509CrlReason.privilegeWithdrawn,
  AA_COMPROMISE: x509.X509CrlReason.aACompromise,
} as const;

export type CrlReasonName = keyof typeof CRL_REASON_CODES;

export function isCrlReasonName(reason: string): reason is CrlReasonName {
  return Object.prototype.hasOwnProperty.call(CRL_REASON_CODES, reason);
}
