import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { webhookOutboundProvider } from './webhook-outbound';
import { webhookSecretBoxProvider } from './webhook-secret-box';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt.entity';
import { WebhookEntity } from './webhook.entity';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Deploy webhooks, API side: `/v1/hosting/webhooks` (create, list, read, delete, deliveries). The
 * worker delivers (WebhooksWorkerModule). Needs the API's HostingConfigModule (WEBHOOK_SETTINGS).
 */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookDeliveryAttemptEntity, WebhookEntity])],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, webhookOutboundProvider, webhookSecretBoxProvider],
})
export class WebhooksModule {}
