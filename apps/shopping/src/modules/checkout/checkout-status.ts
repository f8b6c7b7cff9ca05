import type { UcpMessage } from '../ucp/ucp-types';
import type { CheckoutStatus } from './checkout-session.entity';

const BUYER_SEVERITIES = new Set(['requires_buyer_input', 'requires_buyer_review']);

/**
 * The status a live checkout is in after a change (checkout.md "Checkout Status Lifecycle"): an
 * error the agent can fix keeps it incomplete (the agent fixes what it can first); then an error
 * only the buyer can resolve sends it to requires_escalation (with continue_url); otherwise it is
 * ready_for_complete.
 */
export function liveStatus(messages: readonly UcpMessage[], lineCount: number): CheckoutStatus {
  const errors = messages.filter((m) => m.type === 'error');
  if (lineCount === 0 || errors.some((m) => !BUYER_SEVERITIES.has(m.severity))) return 'incomplete';
  if (errors.length > 0) return 'requires_escalation';
  return 'ready_for_complete';
}
