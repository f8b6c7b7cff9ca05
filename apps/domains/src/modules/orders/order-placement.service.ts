import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { PlatformError } from '@platform/errors';
import { OperationRunner } from '@platform/queue';
import type { OperationPayload } from '@platform/queue';
import type { Queue } from 'bullmq';
import { DomainsErrors } from '../domains/domains.errors';
import { yearsAfter } from '../domains/domain-registrations';
import { DomainsRepository } from '../domains/domains.repository';
import { PaymentProfilesService } from '../payment-profiles/payment-profiles.service';
import { RegistryErrors } from '../registry/registry.errors';
import { REGISTRY_CURRENCY, yearlyPriceOf } from '../registry/sandbox-registry';
import { DomainOrderEntity, OrderType } from './domain-order.entity';
import { extendedExpiry, isInFlightConflict } from './order-rules';
import { OrdersErrors } from './orders.errors';
import { DomainsOrdersQueue, ORDER_JOBS } from './orders.jobs';
import { MAX_PERIOD_YEARS } from './orders.request';

export interface OrderToPlace {
  readonly accountId: string;
  readonly type: OrderType;
  readonly domain: string;
  readonly period: number;
  readonly payload?: OperationPayload;
  /** The internal caller's idempotency reference (unique per account); absent for public orders. */
  readonly reference?: string;
  /**
   * Rows to write in the order's transaction (the registration a purchase takes), through the
   * registrations' copy bound to it; may throw to refuse.
   */
  readonly alsoWrite?: (tx: DomainsRepository) => Promise<void>;
  /** What another EXECUTING order of the same name means to this caller. */
  readonly conflict: () => PlatformError;
}

/**
 * Accepts orders: the order row (EXECUTING, its job's queue, name and data) and whatever the order
 * takes in one transaction, then the job (OperationRunner). The unique index on in-flight orders
 * per domain is what refuses a second concurrent order of one name, across API replicas and the
 * worker's renewal sweep alike. Renewal lives here because the sweep renews through the same path.
 */
@Injectable()
export class OrderPlacement {
  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(DomainsOrdersQueue.name) private readonly queue: Queue,
    private readonly domains: DomainsRepository,
    private readonly payments: PaymentProfilesService,
  ) {}

  async place(order: OrderToPlace): Promise<DomainOrderEntity> {
    const { alsoWrite } = order;
    const price = yearlyPriceOf(order.domain);
    if (price === undefined) throw RegistryErrors.unsupportedTld(order.domain);
    try {
      return await this.runner.start({
        entity: DomainOrderEntity,
        queue: this.queue,
        jobName: ORDER_JOBS[order.type],
        data: {
          accountId: order.accountId,
          type: order.type,
          domain: order.domain,
          period: order.period,
          total: price * order.period,
          currency: REGISTRY_CURRENCY,
          reference: order.reference ?? null,
        },
        payload: order.payload,
        alsoWrite: alsoWrite && ((manager) => alsoWrite(this.domains.boundTo(manager))),
      });
    } catch (error) {
      if (isInFlightConflict(error)) throw order.conflict();
      throw error;
    }
  }

  /**
   * POST /v1/domains/{domain}/renew, and the sweep's automatic renewal: the owner's ACTIVE or
   * EXPIRED domain, at most 10 years ahead once renewed, a chargeable account, no other order running.
   * `dueBefore` (the sweep's) renews only a domain that still expires before it, checked under the
   * row's lock in the order's transaction: a sweep that read the domain before another replica's
   * renewal completed does not renew it a second time.
   */
  async renew(
    accountId: string,
    domain: string,
    period: number,
    options: { now?: Date; dueBefore?: Date } = {},
  ): Promise<DomainOrderEntity> {
    const now = options.now ?? new Date();
    const row = await this.domains.findByName(domain);
    if (!row || row.accountId !== accountId) throw DomainsErrors.notFound(domain);
    if (row.status !== 'ACTIVE' && row.status !== 'EXPIRED')
      throw OrdersErrors.notRenewable(domain, row.status);
    if (extendedExpiry(row, period, now) > yearsAfter(now, MAX_PERIOD_YEARS))
      throw OrdersErrors.periodTooLong(MAX_PERIOD_YEARS);
    if (yearlyPriceOf(domain) === undefined) throw RegistryErrors.unsupportedTld(domain);
    await this.payments.check(accountId);
    const { dueBefore } = options;
    return this.place({
      accountId,
      type: 'RENEW',
      domain,
      period,
      conflict: () => OrdersErrors.orderInProgress(domain),
      alsoWrite: dueBefore
        ? async (tx) => {
            const current = await tx.findByIdForUpdate(row.domainId);
            if (!current?.expires || current.expires >= dueBefore) throw OrdersErrors.renewalNotDue(domain);
          }
        : undefined,
    });
  }
}
