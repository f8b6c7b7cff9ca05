import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HOSTING_BASE, LinkResponse } from '../apps/apps.response';
import { DELIVERY_OUTCOMES } from './webhook-delivery-attempt.entity';
import type { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt.entity';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { encodeWebhookPageToken, webhookListBinding } from './webhook-page-token';
import type { WebhookEntity } from './webhook.entity';
import type { KeysetPage } from './webhooks.repository';

/** The webhook list (its page tokens are bound to it). */
export const WEBHOOKS_PATH = `${HOSTING_BASE}/webhooks`;
export const webhookPath = (webhookId: string): string => `${WEBHOOKS_PATH}/${webhookId}`;
export const deliveriesPath = (webhookId: string): string => `${webhookPath(webhookId)}/deliveries`;

export class WebhookResponse {
  @ApiProperty({ format: 'uuid' }) webhookId!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: 'Open enum; tolerate other values' })
  events!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse], description: 'self, deliveries' }) links!: LinkResponse[];
}

export class CreatedWebhookResponse extends WebhookResponse {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description:
      'Standard Webhooks signing secret (`whsec_` + base64 of 32 bytes): shown in this answer only, ' +
      'never again; verify `webhook-signature` with it',
  })
  secret!: string;
}

export class WebhookPageResponse {
  @ApiProperty({ type: [WebhookResponse] }) items!: WebhookResponse[];
  @ApiProperty({ type: [LinkResponse], description: 'self; next while more webhooks follow' })
  links!: LinkResponse[];
}

export class WebhookDeliveryResponse {
  @ApiProperty({ format: 'uuid', description: 'This attempt' }) deliveryId!: string;
  @ApiProperty({ format: 'uuid', description: 'The event: the `webhook-id` header of its deliveries' })
  eventId!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, description: 'Open enum' }) eventType!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiProperty({ type: 'integer', description: "The event's position among its app's events" })
  sequence!: number;
  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first attempt of the event' })
  attempt!: number;
  @ApiProperty({
    enum: DELIVERY_OUTCOMES,
    description: 'SUCCEEDED (2xx), FAILED (retried at nextRetryAt) or GAVE_UP (the last attempt failed)',
  })
  outcome!: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The receiver's HTTP status; null without an answer",
  })
  statusCode!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Why it failed: `<code>: <message>` (OUTBOUND_UNREACHABLE, OUTBOUND_TIMEOUT, OUTBOUND_BAD_STATUS, …)',
  })
  error!: string | null;
  @ApiProperty({ type: 'integer' }) durationMs!: number;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'When FAILED' })
  nextRetryAt!: string | null;
  @ApiProperty({ format: 'date-time' }) attemptedAt!: string;
}

export class WebhookDeliveryPageResponse {
  @ApiProperty({ type: [WebhookDeliveryResponse], description: 'Newest first' })
  items!: WebhookDeliveryResponse[];
  @ApiProperty({ type: [LinkResponse], description: 'self, webhook; next while more attempts follow' })
  links!: LinkResponse[];
}

export function toWebhookResponse(webhook: WebhookEntity): WebhookResponse {
  return {
    webhookId: webhook.id,
    url: webhook.url,
    events: [...webhook.events],
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
    links: [
      { rel: 'self', href: webhookPath(webhook.id) },
      { rel: 'deliveries', href: deliveriesPath(webhook.id) },
    ],
  };
}

export function toDeliveryResponse(attempt: WebhookDeliveryAttemptEntity): WebhookDeliveryResponse {
  return {
    deliveryId: attempt.id,
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    appId: attempt.appId,
    sequence: attempt.sequence,
    attempt: attempt.attempt,
    outcome: attempt.outcome,
    statusCode: attempt.statusCode,
    error: attempt.error,
    durationMs: attempt.durationMs,
    nextRetryAt: attempt.nextRetryAt?.toISOString() ?? null,
    attemptedAt: attempt.attemptedAt.toISOString(),
  };
}

/** self and (while more rows follow) next links of a list under `listPath`. */
export function webhookPageLinks<T>(
  listPath: string,
  page: KeysetPage<T>,
  query: { pageSize: number; pageToken?: string },
  accountId: string,
): LinkResponse[] {
  const href = (pageToken?: string): string => {
    const params = new URLSearchParams({ pageSize: String(query.pageSize) });
    if (pageToken) params.set('pageToken', pageToken);
    return `${listPath}?${params.toString()}`;
  };
  const links = [{ rel: 'self', href: href(query.pageToken) }];
  if (page.next)
    links.push({
      rel: 'next',
      href: href(encodeWebhookPageToken(page.next, webhookListBinding(listPath, accountId, query.pageSize))),
    });
  return links;
}
