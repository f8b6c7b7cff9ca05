import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppEntity } from '../apps/app.entity';
import { AppSubscriptionEntity } from './app-subscription.entity';
import { HostingProduct, SubscriptionEntity } from './subscription.entity';

/**
 * Hosting subscriptions (plans with slots, `hosting.subscriptions`) and which plan each app is
 * attached to (`hosting.app_subscriptions`). `transaction(work)` runs `work` with a copy bound to
 * one transaction; the account's plans lock (`lockAccountPlans`) holds until it ends.
 */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: SubscriptionsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new SubscriptionsRepository(manager)));
  }

  /**
   * Takes the account's plans lock for the rest of the transaction: every attach and every
   * internal provisioning of one account runs under it, so slot counting, "provision when none" and
   * "one plan per reference" never race (across API replicas too).
   */
  async lockAccountPlans(accountId: string): Promise<void> {
    await this.manager.query(
      `SELECT pg_advisory_xact_lock(hashtext('hosting.subscriptions'), hashtext($1))`,
      [accountId],
    );
  }

  /** The account's app, or null (another account's or none). */
  findApp(accountId: string, appId: string): Promise<AppEntity | null> {
    return this.manager.findOneBy(AppEntity, { appId, accountId });
  }

  findAttachment(appId: string): Promise<AppSubscriptionEntity | null> {
    return this.manager.findOneBy(AppSubscriptionEntity, { appId });
  }

  /** A subscription by id, or only the account's when `accountId` is given. */
  findSubscription(subscriptionId: string, accountId?: string): Promise<SubscriptionEntity | null> {
    return this.manager.findOneBy(
      SubscriptionEntity,
      accountId === undefined ? { subscriptionId } : { subscriptionId, accountId },
    );
  }

  /** The account's plan bought with the caller's `reference`, or null. */
  findByReference(accountId: string, reference: string): Promise<SubscriptionEntity | null> {
    return this.manager.findOneBy(SubscriptionEntity, { accountId, reference });
  }

  /** The account's ACTIVE plans of `product`, oldest first. */
  findActivePlans(accountId: string, product: HostingProduct): Promise<SubscriptionEntity[]> {
    return this.manager.find(SubscriptionEntity, {
      where: { accountId, hostingProduct: product, status: 'ACTIVE' },
      order: { createdAt: 'ASC', subscriptionId: 'ASC' },
    });
  }

  /** Inserts a subscription and reads it back (with its database defaults). */
  async insertSubscription(
    row: Partial<SubscriptionEntity> & { subscriptionId: string },
  ): Promise<SubscriptionEntity> {
    await this.manager.insert(SubscriptionEntity, row);
    return this.manager.findOneByOrFail(SubscriptionEntity, { subscriptionId: row.subscriptionId });
  }

  /**
   * Attaches `appId` to `subscriptionId` (ACTIVE): moves its existing attachment, or makes its first
   * (app state PREVIEW); the plans' counts follow (`from`: the plan it leaves, if any). Returns the
   * attachment and the plan as they are now.
   */
  async attach(
    appId: string,
    subscriptionId: string,
    current: AppSubscriptionEntity | null,
  ): Promise<{ attachment: AppSubscriptionEntity; subscription: SubscriptionEntity }> {
    if (current) {
      await this.manager.decrement(
        SubscriptionEntity,
        { subscriptionId: current.subscriptionId },
        'attachedCount',
        1,
      );
      current.subscriptionId = subscriptionId;
      current.attachState = 'ACTIVE';
      await this.manager.save(current);
    } else {
      await this.manager.insert(AppSubscriptionEntity, {
        appId,
        subscriptionId,
        attachState: 'ACTIVE',
        appState: 'PREVIEW',
      });
    }
    await this.manager.increment(SubscriptionEntity, { subscriptionId }, 'attachedCount', 1);
    return {
      attachment: await this.manager.findOneByOrFail(AppSubscriptionEntity, { appId }),
      subscription: await this.manager.findOneByOrFail(SubscriptionEntity, { subscriptionId }),
    };
  }
}
