import type { Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { createOutboundFetcher, platformTargets } from '@platform/outbound';
import type { OutboundFetcher } from '@platform/outbound';
import { WEBHOOK_SETTINGS } from './webhook-settings';
import type { WebhookSettings } from './webhook-settings';

/** The outbound policy of webhook URLs (an OutboundFetcher): checked at creation and at each delivery. */
export const WEBHOOK_OUTBOUND = Symbol('WEBHOOK_OUTBOUND');

/** Sent as User-Agent with every delivery. */
export const WEBHOOK_USER_AGENT = 'Developer-Platform-Hosting-Webhooks/1';

/**
 * `@platform/outbound` (docs/outbound.md) with hosting's settings: https only, no private,
 * loopback, link-local, … address unless HOSTING_WEBHOOK_ALLOW names the host, and never the
 * platform's own PostgreSQL, Redis or service ports (host-wide allow entries do not lift those). A
 * delivery resolves the host again and connects only to the addresses it checked (no DNS
 * rebinding between the check and the connection), follows no redirect, and is cut at the timeout.
 */
export const webhookOutboundProvider: Provider = {
  provide: WEBHOOK_OUTBOUND,
  inject: [WEBHOOK_SETTINGS, PLATFORM_CONFIG],
  useFactory: (settings: WebhookSettings, platform: PlatformConfig): OutboundFetcher =>
    createOutboundFetcher({
      allow: settings.allow,
      deniedTargets: platformTargets(platform),
      timeoutMs: settings.timeoutMs,
      connectTimeoutMs: Math.min(5000, settings.timeoutMs),
      maxResponseBytes: 1024 * 1024,
      userAgent: WEBHOOK_USER_AGENT,
    }),
};
