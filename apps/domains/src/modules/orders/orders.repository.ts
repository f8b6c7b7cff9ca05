import { Injectable } from '@nestjs/common';
import { drainInBatches } from '@platform/database';
import { EntityManager } from 'typeorm';
import { DomainOrderEntity } from './domain-order.entity';

/** A domain the renewal sweep renews, and its owner. */
export interface DueRenewal {
  readonly domain: string;
  readonly accountId: string;
}

// Due for automatic renewal: domains_auto_renew_idx (expires, WHERE renew_auto AND ACTIVE),
// orders_in_flight_domain_key for the running order, the payment profile by its key.
const DUE_FOR_RENEWAL = `
  SELECT d.domain, d.account_id AS "accountId" FROM domains.domains d
  WHERE d.renew_auto AND d.status = 'ACTIVE' AND d.expires < $1
    AND NOT EXISTS (SELECT 1 FROM domains.orders o WHERE o.domain = d.domain AND o.status = 'EXECUTING')
    AND EXISTS (SELECT 1 FROM domains.payment_profiles p WHERE p.account_id = d.account_id AND p.status = 'ACTIVE')
  ORDER BY d.expires
  LIMIT $2`;

// Lapsed: domains_active_expiry_idx (expires, WHERE ACTIVE).
const EXPIRE = `
  UPDATE domains.domains SET status = 'EXPIRED', updated_at = now()
  WHERE domain_id IN (
    SELECT d.domain_id FROM domains.domains d
    WHERE d.status = 'ACTIVE' AND d.expires < $1
      AND NOT EXISTS (SELECT 1 FROM domains.orders o WHERE o.domain = d.domain AND o.status = 'EXECUTING')
    LIMIT $2 FOR UPDATE SKIP LOCKED)`;

/**
 * Storage of the orders (`domains.orders`; their rows are written by libs/queue's OperationRunner)
 * and the renewal sweep's statements over the registrations they renew and expire.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The account's order `orderId`; another account's is none alike. */
  findOfAccount(orderId: string, accountId: string): Promise<DomainOrderEntity | null> {
    return this.manager.findOneBy(DomainOrderEntity, { id: orderId, accountId });
  }

  /** The account's order placed with the internal caller's `reference`. */
  findByReference(accountId: string, reference: string): Promise<DomainOrderEntity | null> {
    return this.manager.findOneBy(DomainOrderEntity, { accountId, reference });
  }

  /**
   * Up to `limit` renewAuto ACTIVE domains expiring before `horizon`, soonest first, with no order
   * running and an ACTIVE payment profile.
   */
  findDueForRenewal(horizon: Date, limit: number): Promise<DueRenewal[]> {
    return this.manager.query(DUE_FOR_RENEWAL, [horizon, limit]);
  }

  /**
   * ACTIVE domains past their expiry at `now` with no order running → EXPIRED, in batches of
   * `batchSize` (SKIP LOCKED leaves a row another transaction holds to it); returns how many.
   */
  expireLapsed(now: Date, batchSize: number): Promise<number> {
    return drainInBatches(this.manager.dataSource, EXPIRE, [now], batchSize);
  }
}
