import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@platform/crypto';
import { errorMessage } from '@platform/errors';
import { OutboundErrorCode, isOutboundError } from '@platform/outbound';
import type { OutboundFetcher } from '@platform/outbound';
import type { WebhookEventEntity } from './webhook-event.entity';
import { WEBHOOK_OUTBOUND } from './webhook-outbound';
import { signWebhook } from './webhook-signer';
import { type WebhookEntity, webhookSecretAad } from './webhook.entity';

/** What one attempt got. */
export interface DeliveryResult {
  readonly ok: boolean;
  /** The receiver's status, when it answered. */
  readonly statusCode: number | null;
  /** `<code>: <message>` of a failure; null for a 2xx. */
  readonly error: string | null;
  readonly durationMs: number;
}

const MAX_ERROR = 1000;

/**
 * One signed POST of an event to a webhook through the outbound policy (WEBHOOK_OUTBOUND: the
 * host resolved and checked again now, the connection pinned to the checked addresses). The body is
 * the event's payload; `webhook-id` is the event id (the same on every attempt and every webhook,
 * for the receiver's deduplication) and `webhook-timestamp` the attempt's time. Any 2xx is a
 * success; a redirect is not followed (a failure). The signing secret is opened only here and
 * never logged.
 */
@Injectable()
export class WebhookDeliveryClient {
  constructor(
    private readonly box: SecretBox,
    @Inject(WEBHOOK_OUTBOUND) private readonly outbound: OutboundFetcher,
  ) {}

  async deliver(webhook: WebhookEntity, event: WebhookEventEntity): Promise<DeliveryResult> {
    const body = JSON.stringify(event.payload);
    const headers = signWebhook({
      secret: this.box.open(webhook.sealedSecret, webhookSecretAad(webhook.id)),
      id: event.id,
      timestamp: new Date(),
      body,
    });
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await this.outbound.request(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      return { ok: true, statusCode: response.status, error: null, durationMs: elapsed() };
    } catch (error) {
      const statusCode = isOutboundError(error, OutboundErrorCode.OUTBOUND_BAD_STATUS)
        ? (error.status ?? null)
        : null;
      return { ok: false, statusCode, error: errorMessage(error).slice(0, MAX_ERROR), durationMs: elapsed() };
    }
  }
}
