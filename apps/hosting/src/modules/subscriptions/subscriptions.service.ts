import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppErrors } from '../apps/apps.errors';
import { SubscriptionErrors } from './subscriptions.errors';
import { AppSubscriptionEntity } from './app-subscription.entity';
import {
  DEFAULT_HOSTING_PRODUCT,
  DEFAULT_SLOT_LIMIT,
  HostingProduct,
  SubscriptionEntity,
} from './subscription.entity';
import { SubscriptionsRepository } from './subscriptions.repository';

/** What to attach: a named subscription of the caller, or the caller's plan of a product. */
export type AttachTarget = { readonly subscriptionId: string } | { readonly hostingProduct?: HostingProduct };

export interface AttachmentView {
  readonly attachment: AppSubscriptionEntity;
  readonly subscription: SubscriptionEntity;
}

/**
 * Attaches apps to hosting subscriptions. Every attach of an account runs under one transaction-
 * scoped advisory lock per account, so slot counting and "provision when none" never race.
 */
@Injectable()
export class SubscriptionsService {
  constructor(private readonly subscriptions: SubscriptionsRepository) {}

  async attach(accountId: string, appId: string, target: AttachTarget): Promise<AttachmentView> {
    return this.subscriptions.transaction(async (tx) => {
      await tx.lockAccountPlans(accountId);
      await this.requireApp(tx, accountId, appId);
      const current = await tx.findAttachment(appId);
      const currentSubscription = current ? await tx.findSubscription(current.subscriptionId) : null;

      let subscription: SubscriptionEntity;
      if ('subscriptionId' in target) {
        const named = await tx.findSubscription(target.subscriptionId, accountId);
        if (!named) throw SubscriptionErrors.subscriptionNotFound();
        if (current && currentSubscription && current.subscriptionId === named.subscriptionId)
          return { attachment: current, subscription: currentSubscription };
        if (named.attachedCount >= named.slotLimit)
          throw SubscriptionErrors.noCapacity(
            `subscription ${named.subscriptionId} has no free slot (${named.slotLimit} apps attached)`,
          );
        subscription = named;
      } else {
        const product = target.hostingProduct ?? DEFAULT_HOSTING_PRODUCT;
        if (current && currentSubscription && currentSubscription.hostingProduct === product)
          return { attachment: current, subscription: currentSubscription };
        subscription = await this.planWithFreeSlot(tx, accountId, product);
      }
      return tx.attach(appId, subscription.subscriptionId, current && currentSubscription ? current : null);
    });
  }

  /** The app's attachment, or SUBSCRIPTION_NOT_FOUND when none was ever attached. */
  async get(accountId: string, appId: string): Promise<AttachmentView> {
    return this.subscriptions.transaction(async (tx) => {
      await this.requireApp(tx, accountId, appId);
      const attachment = await tx.findAttachment(appId);
      if (!attachment)
        throw SubscriptionErrors.subscriptionNotFound('no subscription was ever attached to this app');
      const subscription = await tx.findSubscription(attachment.subscriptionId);
      if (!subscription) throw SubscriptionErrors.subscriptionNotFound();
      return { attachment, subscription };
    });
  }

  private async requireApp(tx: SubscriptionsRepository, accountId: string, appId: string): Promise<void> {
    if (!(await tx.findApp(accountId, appId))) throw AppErrors.appNotFound();
  }

  /**
   * The account's oldest ACTIVE plan of `product` with a free slot. None at all: one is provisioned
   * (billing happens outside the platform). Some, all full: NO_CAPACITY.
   */
  private async planWithFreeSlot(
    tx: SubscriptionsRepository,
    accountId: string,
    product: HostingProduct,
  ): Promise<SubscriptionEntity> {
    const plans = await tx.findActivePlans(accountId, product);
    const free = plans.find((p) => p.attachedCount < p.slotLimit);
    if (free) return free;
    if (plans.length > 0)
      throw SubscriptionErrors.noCapacity(`every ${product} subscription of the account is full`);
    return tx.insertSubscription({
      subscriptionId: randomUUID(),
      accountId,
      hostingProduct: product,
      status: 'ACTIVE',
      slotLimit: DEFAULT_SLOT_LIMIT,
      attachedCount: 0,
    });
  }
}
