import { ConfigError, Env, envInteger } from '@platform/config';
import { type OutboundTarget, parseOutboundTargets } from '@platform/outbound';
import type { WebhookSettings } from '../modules/webhooks/webhook-settings';

/** HOSTING_WEBHOOK_ALLOW: comma-separated hosts; an entry with a port is refused (see WebhookSettings.allow). */
function loadAllow(env: Env): OutboundTarget[] {
  let allow: OutboundTarget[];
  try {
    allow = parseOutboundTargets(env.HOSTING_WEBHOOK_ALLOW);
  } catch (e) {
    throw new ConfigError('HOSTING_WEBHOOK_ALLOW', e instanceof Error ? e.message : String(e));
  }
  const withPort = allow.find((target) => target.port !== undefined);
  if (withPort)
    throw new ConfigError(
      'HOSTING_WEBHOOK_ALLOW',
      `takes hosts only, got "${withPort.host}:${String(withPort.port)}" (a host:port entry would open the platform's own ports)`,
    );
  return allow;
}

/**
 * Deploy webhooks (docs/hosting.md, "Webhooks"), API and worker alike: HOSTING_WEBHOOK_ALLOW (hosts
 * exempt from the address rules and https-only, none by default), HOSTING_WEBHOOK_TIMEOUT_MS
 * (10000, 100 to 60000), HOSTING_WEBHOOK_MAX_ATTEMPTS (15, 1 to 50), HOSTING_WEBHOOK_BACKOFF_MS
 * (5000, 10 to 3600000), HOSTING_WEBHOOK_BACKOFF_MAX_MS (3600000, at least the backoff, at most one
 * day), HOSTING_WEBHOOK_SWEEP_MS (5000, 100 to 600000).
 */
export function loadWebhookSettings(env: Env): WebhookSettings {
  const backoffMs = envInteger(env, 'HOSTING_WEBHOOK_BACKOFF_MS', 5000, 10, 3_600_000);
  return {
    allow: loadAllow(env),
    timeoutMs: envInteger(env, 'HOSTING_WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    maxAttempts: envInteger(env, 'HOSTING_WEBHOOK_MAX_ATTEMPTS', 15, 1, 50),
    backoffMs,
    backoffMaxMs: envInteger(env, 'HOSTING_WEBHOOK_BACKOFF_MAX_MS', 3_600_000, backoffMs, 86_400_000),
    sweepEveryMs: envInteger(env, 'HOSTING_WEBHOOK_SWEEP_MS', 5000, 100, 600_000),
  };
}
