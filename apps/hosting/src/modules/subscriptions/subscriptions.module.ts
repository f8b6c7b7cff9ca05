import { Module } from '@nestjs/common';
import { HostingPlansService } from './hosting-plans.service';
import { InternalHostingPlansController } from './internal-hosting-plans.controller';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

/**
 * PUT/GET /v1/hosting/apps/{appId}/subscription, and the Shopping API's plans under
 * /internal/v1/accounts/{accountId}/hosting-plans.
 */
@Module({
  controllers: [InternalHostingPlansController, SubscriptionsController],
  providers: [HostingPlansService, SubscriptionsRepository, SubscriptionsService],
})
export class SubscriptionsModule {}
