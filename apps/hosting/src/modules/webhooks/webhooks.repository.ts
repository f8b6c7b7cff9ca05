import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { WebhookListCursor } from './webhook-page-token';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt.entity';
import { WebhookEventEntity } from './webhook-event.entity';
import { WebhookMessageEntity } from './webhook-message.entity';
import { WebhookEntity } from './webhook.entity';

export interface KeysetPage<T> {
  readonly items: T[];
  /** Set when more rows follow. */
  readonly next?: WebhookListCursor;
}

/** The first undelivered message of one (webhook, app), with its event. */
export interface PendingHead {
  readonly message: WebhookMessageEntity;
  readonly event: WebhookEventEntity;
}

/** One (webhook, app) whose first PENDING message is due at `nextAttemptAt`. */
export interface PendingPair {
  readonly webhookId: string;
  readonly appId: string;
  readonly eventId: string;
  readonly attempts: number;
  readonly nextAttemptAt: Date;
}

/** Storage of webhooks, their messages and delivery attempts (schema `hosting`). */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    @InjectRepository(WebhookDeliveryAttemptEntity)
    private readonly attempts: Repository<WebhookDeliveryAttemptEntity>,
  ) {}

  /**
   * Inserts `webhook` unless the account already has `limit` webhooks (then false), under a
   * transaction-scoped advisory lock on the account: concurrent creations never exceed the limit.
   */
  async insertWithin(webhook: WebhookEntity, limit: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `hosting.webhooks:${webhook.accountId}`,
      ]);
      const count = await manager.getRepository(WebhookEntity).countBy({ accountId: webhook.accountId });
      if (count >= limit) return false;
      await manager.getRepository(WebhookEntity).insert(webhook);
      return true;
    });
  }

  find(accountId: string, id: string): Promise<WebhookEntity | null> {
    return this.webhooks.findOneBy({ id, accountId });
  }

  findById(id: string): Promise<WebhookEntity | null> {
    return this.webhooks.findOneBy({ id });
  }

  /** The account's webhooks, newest first, keyset paged on (createdAt, id). */
  async list(
    accountId: string,
    pageSize: number,
    after?: WebhookListCursor,
  ): Promise<KeysetPage<WebhookEntity>> {
    const qb = this.webhooks
      .createQueryBuilder('w')
      .where('w.accountId = :accountId', { accountId })
      .orderBy('w.createdAt', 'DESC')
      .addOrderBy('w.id', 'DESC')
      .limit(pageSize + 1);
    if (after) qb.andWhere('(w.createdAt, w.id) < (:at, :id)', { at: after.at, id: after.id });
    return page(await qb.getMany(), pageSize, (w) => ({ at: w.createdAt, id: w.id }));
  }

  /** The webhook's delivery attempts, newest first, keyset paged on (attemptedAt, id). */
  async listAttempts(
    webhookId: string,
    pageSize: number,
    after?: WebhookListCursor,
  ): Promise<KeysetPage<WebhookDeliveryAttemptEntity>> {
    const qb = this.attempts
      .createQueryBuilder('a')
      .where('a.webhookId = :webhookId', { webhookId })
      .orderBy('a.attemptedAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(pageSize + 1);
    if (after) qb.andWhere('(a.attemptedAt, a.id) < (:at, :id)', { at: after.at, id: after.id });
    return page(await qb.getMany(), pageSize, (a) => ({ at: a.attemptedAt, id: a.id }));
  }

  /** Deletes the webhook with its undelivered messages and its attempts; false when it was not the account's. */
  async delete(accountId: string, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.getRepository(WebhookEntity).delete({ id, accountId });
      if (result.affected !== 1) return false;
      await manager.getRepository(WebhookMessageEntity).delete({ webhookId: id });
      await manager.getRepository(WebhookDeliveryAttemptEntity).delete({ webhookId: id });
      return true;
    });
  }

  /** The first PENDING message of (webhook, app) by sequence, or undefined when all are settled. */
  async pendingHead(webhookId: string, appId: string): Promise<PendingHead | undefined> {
    const message = await this.dataSource
      .getRepository(WebhookMessageEntity)
      .createQueryBuilder('m')
      .where('m.webhookId = :webhookId AND m.appId = :appId AND m.status = :pending', {
        webhookId,
        appId,
        pending: 'PENDING',
      })
      .orderBy('m.sequence', 'ASC')
      .limit(1)
      .getOne();
    if (!message) return undefined;
    const event = await this.dataSource.getRepository(WebhookEventEntity).findOneBy({ id: message.eventId });
    return event ? { message, event } : undefined;
  }

  /**
   * Counts an attempt of a PENDING message before its call: the new count, or undefined when the
   * message is no longer PENDING with `seen` attempts (another run got there first).
   */
  async countAttempt(message: WebhookMessageEntity): Promise<number | undefined> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(WebhookMessageEntity)
      .set({ attempts: () => 'attempts + 1' })
      .where('webhook_id = :webhookId AND event_id = :eventId AND status = :pending AND attempts = :seen', {
        webhookId: message.webhookId,
        eventId: message.eventId,
        pending: 'PENDING',
        seen: message.attempts,
      })
      .returning(['attempts'])
      .execute();
    return (result.raw as { attempts: number }[])[0]?.attempts;
  }

  /** Records an attempt and what it leaves the message in, in one transaction. */
  async settleAttempt(
    attempt: WebhookDeliveryAttemptEntity,
    message: Pick<WebhookMessageEntity, 'webhookId' | 'eventId'>,
    change: Partial<Pick<WebhookMessageEntity, 'status' | 'nextAttemptAt' | 'deliveredAt'>>,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager: EntityManager) => {
      await manager.getRepository(WebhookDeliveryAttemptEntity).insert(attempt);
      await manager
        .getRepository(WebhookMessageEntity)
        .update({ webhookId: message.webhookId, eventId: message.eventId, status: 'PENDING' }, change);
    });
  }

  /** The first PENDING message of every (webhook, app) that has one, at most `limit` (the sweep). */
  async pendingPairs(limit: number): Promise<PendingPair[]> {
    const rows: {
      webhook_id: string;
      app_id: string;
      event_id: string;
      attempts: number;
      next_attempt_at: Date;
    }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (webhook_id, app_id) webhook_id, app_id, event_id, attempts, next_attempt_at
         FROM "hosting"."webhook_messages"
        WHERE status = 'PENDING'
        ORDER BY webhook_id, app_id, sequence
        LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      webhookId: r.webhook_id,
      appId: r.app_id,
      eventId: r.event_id,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
    }));
  }
}

function page<T>(rows: T[], pageSize: number, keyOf: (row: T) => WebhookListCursor): KeysetPage<T> {
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  return rows.length > pageSize && last ? { items, next: keyOf(last) } : { items };
}
