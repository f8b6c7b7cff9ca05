import { Errors } from '@platform/errors';
import { REFUSED_REVOCATION_REASONS, REVOCATION_REASONS, RevocationReason } from './agent.model';
import { AgentsErrorCode, AgentsErrors } from './agents.errors';

/**
 * A caller's revocation reason: one of REVOCATION_REASONS; an RFC 5280 name the registry does not
 * take from callers → 422 REASON_NOT_PERMITTED; anything else → 400 INVALID_REASON.
 */
export function parseRevocationReason(raw: string): RevocationReason {
  if ((REVOCATION_REASONS as readonly string[]).includes(raw)) return raw as RevocationReason;
  if (REFUSED_REVOCATION_REASONS.includes(raw)) throw AgentsErrors.reasonNotPermitted(raw);
  throw Errors.badRequest(
    AgentsErrorCode.INVALID_REASON,
    `reason must be one of ${REVOCATION_REASONS.join(', ')}`,
    [
      {
        location: 'body',
        path: ['reason'],
        code: AgentsErrorCode.INVALID_REASON,
        message: 'unknown revocation reason',
        value: raw,
      },
    ],
  );
}
