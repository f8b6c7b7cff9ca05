import { Inject, Injectable } from '@nestjs/common';
import { insertRegistration } from '../domains/domain-registrations';
import { DomainContacts } from '../domains/domain.entity';
import { DomainsRepository } from '../domains/domains.repository';
import { PaymentProfilesService } from '../payment-profiles/payment-profiles.service';
import { AvailabilityCache } from '../registry/availability.cache';
import { REGISTRY_SETTINGS } from '../registry/registry-settings';
import type { RegistrySettings } from '../registry/registry-settings';
import { RegistryErrors } from '../registry/registry.errors';
import { standingOf, yearlyPriceOf } from '../registry/sandbox-registry';
import { DomainOrderEntity } from './domain-order.entity';
import { OrderPlacement, OrderToPlace } from './order-placement.service';
import {
  FOREIGN_AUTH_CODE_LENGTH,
  REGISTRATION_AGREEMENT_KEY,
  contactsOf,
  sameAuthCode,
} from './order-rules';
import { OrdersErrors } from './orders.errors';
import { OrdersRepository } from './orders.repository';
import type { PurchaseRequest, TransferRequest } from './orders.request';

/** What a purchase registers: the name, its years and the registration's settings. */
export interface PurchaseTerms {
  readonly domain: string;
  readonly period: number;
  readonly agreementKeys: readonly string[];
  readonly renewAuto: boolean;
  readonly privacy: boolean;
  readonly nameServers: readonly string[];
  readonly contacts: DomainContacts;
}

/** Purchase and transfer acceptance, renewal through OrderPlacement, and reading an order back. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly domains: DomainsRepository,
    private readonly placement: OrderPlacement,
    private readonly payments: PaymentProfilesService,
    private readonly cache: AvailabilityCache,
    @Inject(REGISTRY_SETTINGS) private readonly settings: RegistrySettings,
  ) {}

  /**
   * POST /v1/domains/purchase. Checks in this order: TLD sold, DNRA agreed, account chargeable,
   * name available; then the order and the PENDING registration in one transaction (the name's
   * unique index lets one of concurrent purchases take it).
   */
  purchase(accountId: string, request: PurchaseRequest): Promise<DomainOrderEntity> {
    const nameServers = request.nameServers?.length ? request.nameServers : this.settings.defaultNameServers;
    return this.placePurchase(
      accountId,
      {
        domain: request.domain,
        period: request.period,
        agreementKeys: request.consent.agreementKeys,
        renewAuto: request.renewAuto,
        privacy: request.privacy,
        nameServers,
        contacts: contactsOf(request),
      },
      { chargeableNow: true },
    );
  }

  /**
   * A purchase, whoever asks (the public route above, the internal one in
   * domain-purchases.service.ts). `chargeableNow` refuses an account that cannot be charged at
   * once (422); without it the order is placed and the worker's charge fails it
   * (BILLING_DECLINED, NO_PAYMENT_PROFILE), releasing the name.
   */
  async placePurchase(
    accountId: string,
    terms: PurchaseTerms,
    options: { readonly chargeableNow: boolean; readonly reference?: string },
  ): Promise<DomainOrderEntity> {
    const { domain } = terms;
    this.assertSellable(domain, terms.agreementKeys);
    if (options.chargeableNow) await this.payments.check(accountId);
    const registered = await this.domains.existsByName(domain);
    if (standingOf(domain, registered, this.settings) !== 'available')
      throw OrdersErrors.notAvailable(domain);
    const order = await this.placement.place({
      accountId,
      type: 'PURCHASE',
      domain,
      period: terms.period,
      reference: options.reference,
      conflict: () => OrdersErrors.notAvailable(domain),
      alsoWrite: async (tx) => {
        const row = await insertRegistration(tx, accountId, domain, {
          status: 'PENDING',
          renewAuto: terms.renewAuto,
          privacy: terms.privacy,
          nameServers: terms.nameServers,
          contacts: terms.contacts,
        });
        if (!row) throw OrdersErrors.notAvailable(domain);
      },
    });
    await this.cache.forget(domain);
    return order;
  }

  /**
   * A name registered here to another account moves with its auth code; a name registered
   * elsewhere (DOMAINS_TAKEN_PATTERN) comes in with any auth code of 6 to 32 characters.
   */
  async transfer(accountId: string, domain: string, request: TransferRequest): Promise<DomainOrderEntity> {
    this.assertSellable(domain, request.consent.agreementKeys);
    const contacts = contactsOf(request);
    const row = await this.domains.findByName(domain);
    let alsoWrite: OrderToPlace['alsoWrite'];
    if (row) {
      if (row.accountId === accountId) throw OrdersErrors.alreadyOwned(domain);
      if (row.status !== 'ACTIVE' && row.status !== 'EXPIRED') throw OrdersErrors.orderInProgress(domain);
      if (!sameAuthCode(request.authCode, row.authCode)) throw OrdersErrors.invalidAuthCode();
    } else {
      const standing = standingOf(domain, false, this.settings);
      if (standing === 'reserved') throw OrdersErrors.notTransferable(domain);
      if (standing === 'available') throw OrdersErrors.notRegistered(domain);
      const { length } = request.authCode;
      if (length < FOREIGN_AUTH_CODE_LENGTH.min || length > FOREIGN_AUTH_CODE_LENGTH.max)
        throw OrdersErrors.invalidAuthCode();
      alsoWrite = async (tx) => {
        const taken = await insertRegistration(tx, accountId, domain, {
          status: 'PENDING_TRANSFER',
          renewAuto: request.renewAuto,
          privacy: request.privacy,
          nameServers: this.settings.defaultNameServers,
          contacts,
        });
        if (!taken) throw OrdersErrors.orderInProgress(domain);
      };
    }
    await this.payments.check(accountId);
    const order = await this.placement.place({
      accountId,
      type: 'TRANSFER',
      domain,
      period: request.period,
      payload: { renewAuto: request.renewAuto, privacy: request.privacy, contacts: JSON.stringify(contacts) },
      conflict: () => OrdersErrors.orderInProgress(domain),
      alsoWrite,
    });
    await this.cache.forget(domain);
    return order;
  }

  renew(accountId: string, domain: string, period: number): Promise<DomainOrderEntity> {
    return this.placement.renew(accountId, domain, period);
  }

  async get(accountId: string, orderId: string): Promise<DomainOrderEntity> {
    const order = await this.orders.findOfAccount(orderId, accountId);
    if (!order) throw OrdersErrors.orderNotFound();
    return order;
  }

  private assertSellable(domain: string, agreementKeys: readonly string[]): void {
    if (yearlyPriceOf(domain) === undefined) throw RegistryErrors.unsupportedTld(domain);
    if (!agreementKeys.includes(REGISTRATION_AGREEMENT_KEY)) throw OrdersErrors.invalidAgreementKeys();
  }
}
