import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueModule } from '@platform/queue';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt.entity';
import { WebhookDeliveryClient } from './webhook-delivery.client';
import { WebhookDeliveryRunner } from './webhook-delivery.runner';
import { WebhookEventsListener } from './webhook-events.listener';
import { webhookOutboundProvider } from './webhook-outbound';
import { webhookSecretBoxProvider } from './webhook-secret-box';
import { WebhookEntity } from './webhook.entity';
import { HostingWebhooksQueue } from './webhooks.jobs';
import { WebhooksProcessor } from './webhooks.processor';
import { WebhooksProducer } from './webhooks.producer';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksSweepScheduler } from './webhooks-sweep.scheduler';
import { WebhooksSweep } from './webhooks-sweep.service';

/**
 * Deploy webhooks, worker side: consumes `hosting-webhooks` (WebhooksProcessor), schedules the
 * sweep, and listens for new events. Needs QueueModule.forRoot() and the worker's
 * HostingConfigModule (WEBHOOK_SETTINGS).
 */
@Module({
  imports: [
    QueueModule.registerQueues(HostingWebhooksQueue),
    TypeOrmModule.forFeature([WebhookDeliveryAttemptEntity, WebhookEntity]),
  ],
  providers: [
    WebhookDeliveryClient,
    WebhookDeliveryRunner,
    WebhookEventsListener,
    WebhooksProcessor,
    WebhooksProducer,
    WebhooksRepository,
    WebhooksSweep,
    WebhooksSweepScheduler,
    webhookOutboundProvider,
    webhookSecretBoxProvider,
  ],
})
export class WebhooksWorkerModule {}
