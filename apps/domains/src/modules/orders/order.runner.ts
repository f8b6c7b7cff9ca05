import { Injectable } from '@nestjs/common';
import { PlatformError } from '@platform/errors';
import { OperationRunner, PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { activateRegistration, newAuthCode } from '../domains/domain-registrations';
import { DomainContacts } from '../domains/domain.entity';
import { DomainsRepository } from '../domains/domains.repository';
import { PaymentProfilesService } from '../payment-profiles/payment-profiles.service';
import { AvailabilityCache } from '../registry/availability.cache';
import { DomainOrderEntity } from './domain-order.entity';
import { extendedExpiry } from './order-rules';
import { OrderFailureCode } from './orders.errors';

/**
 * Runs one order in the worker. Every change to the registration is returned as an OperationCommit,
 * so it commits in the transaction that moves the order to COMPLETED and is dropped when another
 * run already finished the order: a job delivered twice registers, renews or moves the name once.
 */
@Injectable()
export class OrderRunner {
  constructor(
    private readonly runner: OperationRunner,
    private readonly domains: DomainsRepository,
    private readonly payments: PaymentProfilesService,
    private readonly cache: AvailabilityCache,
  ) {}

  run(job: Job<OperationJobData>): Promise<OperationOutcome> {
    return this.runner.execute(DomainOrderEntity, job, ({ record }) => this.commitOf(record));
  }

  private async commitOf(order: DomainOrderEntity): Promise<OperationCommit> {
    switch (order.type) {
      case 'PURCHASE':
        await this.chargeOrRelease(order);
        return (manager) => this.register(this.domains.boundTo(manager), order);
      case 'RENEW':
        return (manager) => this.extend(this.domains.boundTo(manager), order);
      case 'TRANSFER':
        return (manager) => this.move(this.domains.boundTo(manager), order);
    }
  }

  /**
   * The account must still be chargeable when the purchase runs; if not, the PENDING registration
   * is deleted (the name is free again) and the order fails with the billing code.
   */
  private async chargeOrRelease(order: DomainOrderEntity): Promise<void> {
    try {
      await this.payments.check(order.accountId);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      await this.domains.deletePending(order.domain, order.accountId);
      await this.cache.forget(order.domain);
      throw new PermanentFailure(error.code, error.message);
    }
  }

  private async register(tx: DomainsRepository, order: DomainOrderEntity): Promise<void> {
    const row = await tx.findByNameForUpdate(order.domain);
    if (row?.accountId !== order.accountId || row.status !== 'PENDING') throw stateChanged(order);
    await activateRegistration(tx, row, order.period);
  }

  private async extend(tx: DomainsRepository, order: DomainOrderEntity): Promise<void> {
    const row = await tx.findByNameForUpdate(order.domain);
    if (row?.accountId !== order.accountId || (row.status !== 'ACTIVE' && row.status !== 'EXPIRED'))
      throw stateChanged(order);
    await tx.update(row.domainId, {
      status: 'ACTIVE',
      expires: extendedExpiry(row, order.period, new Date()),
    });
  }

  /**
   * A name taken elsewhere was inserted PENDING_TRANSFER for the buyer: it is activated like a
   * purchase. A name held here by another account changes hands with its zone, a new auth code
   * and a year more.
   */
  private async move(tx: DomainsRepository, order: DomainOrderEntity): Promise<void> {
    const row = await tx.findByNameForUpdate(order.domain);
    if (row?.accountId === order.accountId && row.status === 'PENDING_TRANSFER') {
      await activateRegistration(tx, row, order.period);
      return;
    }
    if (!row || row.accountId === order.accountId || (row.status !== 'ACTIVE' && row.status !== 'EXPIRED'))
      throw stateChanged(order);
    const { renewAuto, privacy, contacts } = order.jobData;
    await tx.update(row.domainId, {
      accountId: order.accountId,
      status: 'ACTIVE',
      expires: extendedExpiry(row, order.period, new Date()),
      authCode: newAuthCode(),
      renewAuto: renewAuto === true,
      privacy: privacy === true,
      contacts: JSON.parse(String(contacts ?? '{}')) as DomainContacts,
    });
  }
}

function stateChanged(order: DomainOrderEntity): PermanentFailure {
  return new PermanentFailure(
    OrderFailureCode.DOMAIN_STATE_CHANGED,
    `${order.domain} is no longer in the state this ${order.type} order was accepted for`,
  );
}
