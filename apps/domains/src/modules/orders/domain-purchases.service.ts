import { Inject, Injectable } from '@nestjs/common';
import type { DomainContacts } from '../domains/domain.entity';
import { DomainsRepository } from '../domains/domains.repository';
import { REGISTRY_SETTINGS } from '../registry/registry-settings';
import type { RegistrySettings } from '../registry/registry-settings';
import { DomainOrderEntity } from './domain-order.entity';
import { PLACEHOLDER_CONTACTS, internalPurchaseTerms } from './internal-purchase-terms';
import { OrdersErrors } from './orders.errors';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

export interface DomainPurchaseOrder {
  readonly reference: string;
  readonly domain: string;
  readonly periodYears: number;
}

/**
 * Purchases the Shopping API places for an account (POST /internal/v1/accounts/{accountId}/
 * domain-purchases): the public purchase's rules, queue and worker (OrdersService.placePurchase),
 * idempotent by the caller's reference (unique per account on domains.orders). The charge is left
 * to the worker, so an account that cannot be charged gets a FAILED order (BILLING_DECLINED,
 * NO_PAYMENT_PROFILE) to read back rather than a refusal.
 */
@Injectable()
export class DomainPurchasesService {
  constructor(
    private readonly stored: OrdersRepository,
    private readonly domains: DomainsRepository,
    private readonly orders: OrdersService,
    @Inject(REGISTRY_SETTINGS) private readonly settings: RegistrySettings,
  ) {}

  /**
   * The order of `request.reference`, placed now if the account has none. Concurrent calls with one
   * reference place one order: the losers hit a unique index (the reference's, the name's in-flight
   * order, or the registration's) or find the name taken, and then answer the winner's order.
   */
  async purchase(accountId: string, request: DomainPurchaseOrder): Promise<DomainOrderEntity> {
    const existing = await this.byReference(accountId, request.reference);
    if (existing) return sameRequest(existing, request);
    const terms = internalPurchaseTerms(
      request.domain,
      request.periodYears,
      await this.contactsOf(accountId),
      this.settings.defaultNameServers,
    );
    try {
      return await this.orders.placePurchase(accountId, terms, {
        chargeableNow: false,
        reference: request.reference,
      });
    } catch (error) {
      const raced = await this.byReference(accountId, request.reference);
      if (raced) return sameRequest(raced, request);
      throw error;
    }
  }

  async get(accountId: string, reference: string): Promise<DomainOrderEntity> {
    const order = await this.byReference(accountId, reference);
    if (!order) throw OrdersErrors.purchaseNotFound();
    return order;
  }

  private byReference(accountId: string, reference: string): Promise<DomainOrderEntity | null> {
    return this.stored.findByReference(accountId, reference);
  }

  /**
   * The contacts of the account's newest registration that has a registrant (what it last
   * registered or transferred with), else the placeholder (internal-purchase-terms.ts).
   */
  private async contactsOf(accountId: string): Promise<DomainContacts> {
    const newest = await this.domains.findNewestWithRegistrant(accountId);
    return newest?.contacts ?? PLACEHOLDER_CONTACTS;
  }
}

function sameRequest(order: DomainOrderEntity, request: DomainPurchaseOrder): DomainOrderEntity {
  if (order.type !== 'PURCHASE' || order.domain !== request.domain || order.period !== request.periodYears)
    throw OrdersErrors.referenceMismatch(request.reference, order.domain, order.period);
  return order;
}
