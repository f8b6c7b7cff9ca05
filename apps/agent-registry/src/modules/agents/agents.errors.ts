import { Errors, PlatformError } from '@platform/errors';

/** Stable codes of the agent registry (docs/agents.md); clients match on these, never on text. */
export const AgentsErrorCode = {
  AGENT_NOT_FOUND: 'AGENT_NOT_FOUND',
  ANS_NAME_TAKEN: 'ANS_NAME_TAKEN',
  CANNOT_CANCEL: 'CANNOT_CANCEL',
  AGENT_EXPIRED: 'AGENT_EXPIRED',
  INVALID_REASON: 'INVALID_REASON',
  REASON_NOT_PERMITTED: 'REASON_NOT_PERMITTED',
  INVALID_AGENT_HOST: 'INVALID_AGENT_HOST',
  INVALID_VERSION: 'INVALID_VERSION',
  INVALID_ENDPOINT: 'INVALID_ENDPOINT',
  DUPLICATE_PROTOCOL: 'DUPLICATE_PROTOCOL',
  INVALID_REGISTRATION: 'INVALID_REGISTRATION',
} as const;

export const AgentsErrors = {
  /** Unknown, or (for revocation) registered by another account: alike, 404. */
  agentNotFound(): PlatformError {
    return Errors.notFound('no such agent', AgentsErrorCode.AGENT_NOT_FOUND);
  },
  ansNameTaken(ansName: string): PlatformError {
    return Errors.conflict(
      AgentsErrorCode.ANS_NAME_TAKEN,
      `${ansName} is already registered; a new registration needs a new version`,
    );
  },
  cannotCancel(expiresAt: Date | null): PlatformError {
    const when = expiresAt ? ` it expires by itself at ${expiresAt.toISOString()}` : ' it expires by itself';
    return Errors.unprocessable(
      AgentsErrorCode.CANNOT_CANCEL,
      `a PENDING_VALIDATION registration cannot be revoked;${when}`,
    );
  },
  agentExpired(): PlatformError {
    return Errors.conflict(
      AgentsErrorCode.AGENT_EXPIRED,
      'the registration expired; there is nothing to revoke',
    );
  },
  reasonNotPermitted(reason: string): PlatformError {
    return Errors.unprocessable(
      AgentsErrorCode.REASON_NOT_PERMITTED,
      `reason ${reason} cannot be given by a caller; use a final reason such as KEY_COMPROMISE`,
    );
  },
  invalidRegistration(code: string, message: string): PlatformError {
    return code === AgentsErrorCode.DUPLICATE_PROTOCOL
      ? Errors.unprocessable(code, message)
      : Errors.badRequest(code, message);
  },
};
