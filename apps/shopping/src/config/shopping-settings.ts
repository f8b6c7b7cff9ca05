import type { OutboundTarget } from '@platform/outbound';

/** Nest token of ShoppingSettings (ShoppingConfigModule provides it in the API and the worker). */
export const SHOPPING_SETTINGS = Symbol('SHOPPING_SETTINGS');

/** The Shopping API's own settings (docs/shopping.md, "Configuration"), validated at start. */
export interface ShoppingSettings {
  /** Base URLs of the owners it asks, on their /internal routes. */
  readonly services: {
    readonly domains: string;
    readonly hosting: string;
    readonly catalog: string;
    readonly order: string;
    readonly commerceRest: string;
  };
  /** The platform's public base URL (gateway): profile endpoints, continue and permalink URLs. */
  readonly publicBaseUrl: string;
  /** A checkout session's lifetime when the agent sets none (UCP default: 6 h). */
  readonly checkoutTtlSeconds: number;
  /** How long a fetched agent profile is reused at most (its Cache-Control may say less). */
  readonly profileCacheTtlSeconds: number;
  /** Outbound policy for agent profiles and webhooks: allowed targets and the platform's own. */
  readonly outbound: {
    readonly allow: readonly OutboundTarget[];
    readonly deniedTargets: readonly OutboundTarget[];
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
  };
  /**
   * Order confirmation e-mail (docs/shopping.md, "Order confirmation e-mail"): the SMTP server
   * (`SHOPPING_SMTP_URL`; null when unset: each message is written to the worker's log instead)
   * and the sender (`SHOPPING_MAIL_FROM`).
   */
  readonly mail: {
    readonly smtpUrl: string | null;
    readonly from: string;
  };
  /** Seed of the business signing key (ES256), derived from SECRETS_ENCRYPTION_KEY. */
  readonly signingSeed: Buffer;
}
