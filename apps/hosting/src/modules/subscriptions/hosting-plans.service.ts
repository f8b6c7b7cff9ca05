import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { HostingProduct, SubscriptionEntity } from './subscription.entity';
import { SubscriptionErrors } from './subscriptions.errors';
import { SubscriptionsRepository } from './subscriptions.repository';

export interface HostingPlanOrder {
  readonly reference: string;
  readonly hostingProduct: HostingProduct;
  readonly slotLimit: number;
}

/** A provisioned plan and whether this call made it (201) or found it (200). */
export interface ProvisionedPlan {
  readonly plan: SubscriptionEntity;
  readonly created: boolean;
}

/**
 * Hosting plans the Shopping API sells (POST /internal/v1/accounts/{accountId}/hosting-plans): an
 * ACTIVE subscription of the account with the slots bought, idempotent by the caller's reference.
 * It runs under the account's plans lock (the one every attach takes), so concurrent calls with one
 * reference make one plan; the unique index on (account, reference) stands behind it. The plan then
 * takes apps through PUT /v1/hosting/apps/{appId}/subscription like any plan of the account.
 */
@Injectable()
export class HostingPlansService {
  constructor(private readonly subscriptions: SubscriptionsRepository) {}

  provision(accountId: string, order: HostingPlanOrder): Promise<ProvisionedPlan> {
    return this.subscriptions.transaction(async (tx) => {
      await tx.lockAccountPlans(accountId);
      const existing = await tx.findByReference(accountId, order.reference);
      if (existing) {
        if (existing.hostingProduct !== order.hostingProduct || existing.slotLimit !== order.slotLimit)
          throw SubscriptionErrors.referenceMismatch(
            order.reference,
            existing.hostingProduct,
            existing.slotLimit,
          );
        return { plan: existing, created: false };
      }
      const plan = await tx.insertSubscription({
        subscriptionId: randomUUID(),
        accountId,
        hostingProduct: order.hostingProduct,
        status: 'ACTIVE',
        slotLimit: order.slotLimit,
        attachedCount: 0,
        reference: order.reference,
      });
      return { plan, created: true };
    });
  }

  async get(accountId: string, reference: string): Promise<SubscriptionEntity> {
    const plan = await this.subscriptions.findByReference(accountId, reference);
    if (!plan) throw SubscriptionErrors.hostingPlanNotFound();
    return plan;
  }
}
