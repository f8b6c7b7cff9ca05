import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';
import { HostingPageQuery } from '../apps/apps.request';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import type { WebhookEventType } from './webhook-event-types';

export const WEBHOOK_URL_MAX = 2048;

export class CreateWebhookRequest {
  @ApiProperty({
    maxLength: WEBHOOK_URL_MAX,
    example: 'https://hooks.example.com/hosting',
    description:
      'https (http only to a host HOSTING_WEBHOOK_ALLOW names); never a private, loopback, link-local ' +
      "or unresolvable address, nor one of the platform's own endpoints",
  })
  @MaxLength(WEBHOOK_URL_MAX, { message: `url must be at most ${WEBHOOK_URL_MAX} characters` })
  @IsString({ message: 'url must be a string' })
  @IsNotEmpty({ message: 'url is required' })
  url!: string;

  @ApiProperty({
    enum: WEBHOOK_EVENT_TYPES,
    isArray: true,
    minItems: 1,
    uniqueItems: true,
    example: ['deployment.succeeded', 'deployment.failed'],
  })
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  })
  @ArrayUnique({ message: 'events must not repeat an event type' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length, { message: 'events lists too many event types' })
  @ArrayMinSize(1, { message: 'events must name at least one event type' })
  @IsArray({ message: 'events must be an array of event types' })
  @IsNotEmpty({ message: 'events is required' })
  events!: WebhookEventType[];
}

export class WebhookParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'webhookId must be a uuid' })
  webhookId!: string;
}

/** pageSize (1..100, default 25) and pageToken of the webhook list and of a webhook's deliveries. */
export class WebhookPageQuery extends HostingPageQuery {}
