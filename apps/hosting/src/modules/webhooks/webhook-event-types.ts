/**
 * The event types a webhook subscribes to (`events[]`), as Render, Railway and Fly name their deploy
 * and instance notifications. Each is one Standard Webhooks message `{type, timestamp, data}`.
 *
 * Emitted today: the three `deployment.*` of a deployment's status (both namespaces share the
 * records, so both emit them; migration 1795600000900's trigger, docs/hosting.md "Webhooks"),
 * `deployment.rolled_back` when a rollback completes (releases/release.recorder.ts),
 * `domain.verified` when a custom domain turns ACTIVE (domains/app-domains.repository.ts), and
 * `instance.crashed` / `instance.restarted`, recorded by the worker's runtime sync with the runtime
 * columns that report them (docs/hosting.md, "Instances, health checks and restarts").
 */
export const WEBHOOK_EVENT_TYPES = [
  'deployment.started',
  'deployment.succeeded',
  'deployment.failed',
  'deployment.rolled_back',
  'instance.crashed',
  'instance.restarted',
  'domain.verified',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Longest event type name (the column width of `events[]` and `webhook_events.type`). */
export const WEBHOOK_EVENT_TYPE_MAX_LENGTH = 64;
