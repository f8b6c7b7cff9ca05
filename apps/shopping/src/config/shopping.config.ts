import {
  Env,
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envMatching,
  envPositiveInteger,
  envServiceUrl,
  envUrl,
  loadPlatformConfig,
} from '@platform/config';
import { ConfigError } from '@platform/config';
import { parseOutboundTargets, platformTargets, type OutboundTarget } from '@platform/outbound';
import type { ShoppingSettings } from './shopping-settings';

/** The shopping service's configuration: the platform's shared variables and its own. */
export interface ShoppingConfig {
  readonly platform: PlatformConfig;
  readonly shopping: ShoppingSettings;
}

/** The Shopping API's own variables (API and worker alike). */
export function loadShoppingSettings(env: Env, platform: PlatformConfig): ShoppingSettings {
  let allow: OutboundTarget[];
  try {
    allow = parseOutboundTargets(env.SHOPPING_OUTBOUND_ALLOW);
  } catch (e) {
    throw new ConfigError('SHOPPING_OUTBOUND_ALLOW', e instanceof Error ? e.message : String(e));
  }
  return {
    services: {
      domains: envServiceUrl(env, 'DOMAINS_URL', SERVICE_PORTS.domains),
      hosting: envServiceUrl(env, 'HOSTING_URL', SERVICE_PORTS.hosting),
      catalog: envServiceUrl(env, 'CATALOG_SUBGRAPH_URL', SERVICE_PORTS['catalog-subgraph']),
      order: envServiceUrl(env, 'ORDER_SUBGRAPH_URL', SERVICE_PORTS['order-subgraph']),
      commerceRest: envServiceUrl(env, 'COMMERCE_REST_URL', SERVICE_PORTS['commerce-rest']),
    },
    publicBaseUrl: envUrl(env, 'PUBLIC_BASE_URL', `http://127.0.0.1:${SERVICE_PORTS.gateway}`, [
      'http:',
      'https:',
    ]).replace(/\/+$/, ''),
    checkoutTtlSeconds: envInteger(env, 'SHOPPING_CHECKOUT_TTL_S', 6 * 3600, 60, 7 * 86_400),
    profileCacheTtlSeconds: envInteger(env, 'SHOPPING_PROFILE_CACHE_TTL_S', 300, 0, 86_400),
    outbound: {
      allow,
      deniedTargets: platformTargets(platform),
      timeoutMs: envPositiveInteger(env, 'SHOPPING_OUTBOUND_TIMEOUT_MS', 5000),
      maxResponseBytes: envPositiveInteger(env, 'SHOPPING_OUTBOUND_MAX_BYTES', 256 * 1024),
    },
    mail: {
      smtpUrl: smtpUrl(env, 'SHOPPING_SMTP_URL'),
      from: envMatching(env, 'SHOPPING_MAIL_FROM', DEFAULT_MAIL_FROM, MAIL_FROM, 'an e-mail address'),
    },
    signingSeed: platform.secretsEncryptionKey,
  };
}

/** The sender of order confirmations when SHOPPING_MAIL_FROM is unset (a reserved TLD: never delivered to). */
export const DEFAULT_MAIL_FROM = 'orders@developer-platform.invalid';

/** `orders@example.com` or `Example Orders <orders@example.com>`. */
const MAIL_FROM = /^(?:[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+|[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>)$/;

/**
 * SHOPPING_SMTP_URL: `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it) or
 * `smtps://…` (TLS from the start), nodemailer's connection URL; null when unset. The error never
 * repeats the value (it may hold a password).
 */
export function smtpUrl(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL such as smtp://127.0.0.1:2525');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new ConfigError(name, `must use smtp: or smtps:, got "${parsed.protocol}"`);
  if (!parsed.hostname) throw new ConfigError(name, 'must name a host');
  return raw;
}

/**
 * The shopping service's configuration, read once at start: the only reader of its
 * environment (libs/config's readers for its own variables; nothing else reads process.env).
 */
export function loadShoppingConfig(env: Env = process.env): ShoppingConfig {
  const platform = loadPlatformConfig({ serviceName: 'shopping', defaultPort: SERVICE_PORTS.shopping, env });
  return { platform, shopping: loadShoppingSettings(env, platform) };
}
