import type { OutboundTarget } from '@platform/outbound';

/** Read once at start by config/hosting-webhooks.config.ts, injected as WEBHOOK_SETTINGS (API and worker). */
export interface WebhookSettings {
  /**
   * HOSTING_WEBHOOK_ALLOW: hosts (no ports) exempt from the address rules and https-only, e.g.
   * `127.0.0.1` for receivers on this machine in development and tests. Host-wide entries never
   * lift the platform's own endpoints (PostgreSQL, Redis, service ports): those stay refused.
   */
  readonly allow: readonly OutboundTarget[];
  /** HOSTING_WEBHOOK_TIMEOUT_MS: one delivery attempt, from the DNS lookup to the answer's last byte. */
  readonly timeoutMs: number;
  /** HOSTING_WEBHOOK_MAX_ATTEMPTS: attempts of one message before it is given up. */
  readonly maxAttempts: number;
  /** HOSTING_WEBHOOK_BACKOFF_MS: the wait after the first failed attempt; it doubles after each. */
  readonly backoffMs: number;
  /** HOSTING_WEBHOOK_BACKOFF_MAX_MS: the longest wait between two attempts. */
  readonly backoffMaxMs: number;
  /** HOSTING_WEBHOOK_SWEEP_MS: how often the worker looks for due messages (behind the wake-ups). */
  readonly sweepEveryMs: number;
}

export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');

/** Most webhooks one account may have. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

/**
 * The wait after failed attempt `attempt` (1-based): backoffMs · 2^(attempt−1), at most
 * backoffMaxMs. With the defaults (5 s, 1 h, 15 attempts) a message is retried for about 6 h.
 */
export function retryDelayMs(
  settings: Pick<WebhookSettings, 'backoffMs' | 'backoffMaxMs'>,
  attempt: number,
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(settings.backoffMaxMs, settings.backoffMs * 2 ** exponent);
}
