import type { DomainsClient } from '@platform/domains-client';
import type { PlatformCatalogService } from '../platform-catalog/platform-catalog.service';
import { errorMessage } from '../ucp/ucp-protocol';
import type { UcpMessage } from '../ucp/ucp-types';
import type {
  Business,
  BusinessKey,
  CatalogSearchQuery,
  CompletionInput,
  CompletionResult,
  PaymentHandlerDeclaration,
  PricingInput,
  ReadinessInput,
} from './business';
import { paymentProfileHandler } from './payment-handlers';

/**
 * The platform as a business (/v1/shopping): its catalog (domain registrations, hosting plans)
 * from its own tables, paid by the buyer's payment profile, fulfilled by provisioning each line
 * through its owner (the worker, modules/provisioning).
 */
export class PlatformBusiness implements Business {
  readonly key: BusinessKey = { kind: 'platform' };
  private readonly handler: PaymentHandlerDeclaration;

  constructor(
    private readonly catalog: PlatformCatalogService,
    private readonly domains: DomainsClient,
    publicBaseUrl: string,
  ) {
    this.handler = paymentProfileHandler(publicBaseUrl);
  }

  search(query: CatalogSearchQuery) {
    return this.catalog.search(query);
  }

  lookup(ids: readonly string[]) {
    return this.catalog.lookup(ids);
  }

  product(id: string) {
    return this.catalog.product(id);
  }

  price(input: PricingInput) {
    return this.catalog.price(input);
  }

  /**
   * A registrant needs an e-mail address (the agent can send it: recoverable), and the account a
   * payment profile to charge (only the buyer can add one: requires_buyer_input → escalation).
   */
  async readiness(input: ReadinessInput): Promise<UcpMessage[]> {
    const messages: UcpMessage[] = [];
    if (!input.buyer?.email)
      messages.push(
        errorMessage('missing', 'the buyer’s e-mail address is required', 'recoverable', '$.buyer.email'),
      );
    const profile = await this.domains.paymentProfile(input.accountId);
    if (profile.status === 'NONE')
      messages.push(
        errorMessage(
          'payment_method_required',
          'the account has no payment profile: the buyer adds one, then the checkout continues',
          'requires_buyer_input',
        ),
      );
    return messages;
  }

  paymentHandlers(): readonly PaymentHandlerDeclaration[] {
    return [this.handler];
  }

  /** Charges the payment profile: a declining or missing one is payment_failed and nothing is placed. */
  async complete(input: CompletionInput): Promise<CompletionResult> {
    const profile = await this.domains.paymentProfile(input.buyer.accountId);
    if (profile.status !== 'ACTIVE')
      return {
        ok: false,
        messages: [
          errorMessage(
            'payment_failed',
            profile.status === 'DECLINING'
              ? 'the payment profile declined the charge'
              : 'the account has no payment profile to charge',
            'requires_buyer_input',
            '$.payment.instruments[0]',
          ),
        ],
      };
    return { ok: true, lineStatus: 'processing', externalOrderId: null };
  }
}
