import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppEntity } from '../apps/app.entity';
import { AppErrors } from '../apps/apps.errors';
import { lockAccountPlans } from './account-plans-lock';
import { SubscriptionErrors } from './subscriptions.errors';
import { AppSubscriptionEntity } from './app-subscription.entity';
import {
  DEFAULT_HOSTING_PRODUCT,
  DEFAULT_SLOT_LIMIT,
  HostingProduct,
  SubscriptionEntity,
} from './subscription.entity';

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
  constructor(private readonly dataSource: DataSource) {}

  async attach(accountId: string, appId: string, target: AttachTarget): Promise<AttachmentView> {
    return this.dataSource.transaction(async (manager) => {
      await lockAccountPlans(manager, accountId);
      await this.requireApp(manager, accountId, appId);
      const current = await manager.findOneBy(AppSubscriptionEntity, { appId });
      const currentSubscription = current
        ? await manager.findOneBy(SubscriptionEntity, { subscriptionId: current.subscriptionId })
        : null;

      let subscription: SubscriptionEntity;
      if ('subscriptionId' in target) {
        const named = await manager.findOneBy(SubscriptionEntity, {
          subscriptionId: target.subscriptionId,
          accountId,
        });
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
        subscription = await this.planWithFreeSlot(manager, accountId, product);
      }

      if (current && currentSubscription) {
        await manager.decrement(
          SubscriptionEntity,
          { subscriptionId: currentSubscription.subscriptionId },
          'attachedCount',
          1,
        );
        current.subscriptionId = subscription.subscriptionId;
        current.attachState = 'ACTIVE';
        await manager.save(current);
      } else {
        await manager.insert(AppSubscriptionEntity, {
          appId,
          subscriptionId: subscription.subscriptionId,
          attachState: 'ACTIVE',
          appState: 'PREVIEW',
        });
      }
      await manager.increment(
        SubscriptionEntity,
        { subscriptionId: subscription.subscriptionId },
        'attachedCount',
        1,
      );
      return {
        attachment: await manager.findOneByOrFail(AppSubscriptionEntity, { appId }),
        subscription: await manager.findOneByOrFail(SubscriptionEntity, {
          subscriptionId: subscription.subscriptionId,
        }),
      };
    });
  }

  /** The app's attachment, or SUBSCRIPTION_NOT_FOUND when none was ever attached. */
  async get(accountId: string, appId: string): Promise<AttachmentView> {
    return this.dataSource.transaction(async (manager) => {
      await this.requireApp(manager, accountId, appId);
      const attachment = await manager.findOneBy(AppSubscriptionEntity, { appId });
      if (!attachment)
        throw SubscriptionErrors.subscriptionNotFound('no subscription was ever attached to this app');
      const subscription = await manager.findOneByOrFail(SubscriptionEntity, {
        subscriptionId: attachment.subscriptionId,
      });
      return { attachment, subscription };
    });
  }

  private async requireApp(manager: EntityManager, accountId: string, appId: string): Promise<AppEntity> {
    const app = await manager.findOneBy(AppEntity, { appId, accountId });
    if (!app) throw AppErrors.appNotFound();
    return app;
  }

  /**
   * The account's oldest ACTIVE plan of `product` with a free slot. None at all: one is provisioned
   * (billing happens outside the platform). Some, all full: NO_CAPACITY.
   */
  private async planWithFreeSlot(
    manager: EntityManager,
    accountId: string,
    product: HostingProduct,
  ): Promise<SubscriptionEntity> {
    const plans = await manager.find(SubscriptionEntity, {
      where: { accountId, hostingProduct: product, status: 'ACTIVE' },
      order: { createdAt: 'ASC', subscriptionId: 'ASC' },
    });
    const free = plans.find((p) => p.attachedCount < p.slotLimit);
    if (free) return free;
    if (plans.length > 0)
      throw SubscriptionErrors.noCapacity(`every ${product} subscription of the account is full`);
    const provisioned: Partial<SubscriptionEntity> = {
      subscriptionId: randomUUID(),
      accountId,
      hostingProduct: product,
      status: 'ACTIVE',
      slotLimit: DEFAULT_SLOT_LIMIT,
      attachedCount: 0,
    };
    await manager.insert(SubscriptionEntity, provisioned);
    return manager.findOneByOrFail(SubscriptionEntity, { subscriptionId: provisioned.subscriptionId });
  }
}
