import type { StoreOrderProblem, StoreOrderQuote, StoreVariant } from '@platform/contracts';
import type { StoreCatalogClient } from '../store-catalog/store-catalog.client';
import type { StoreOrdersClient } from '../store-orders/store-orders.client';
import { errorMessage } from '../ucp/ucp-protocol';
import type { UcpMessage, UcpProduct } from '../ucp/ucp-types';
import type {
  Business,
  BusinessKey,
  CatalogPage,
  CatalogSearchQuery,
  CompletionInput,
  CompletionResult,
  PaymentHandlerDeclaration,
  PricedCart,
  PricedLine,
  PricingInput,
  ReadinessInput,
} from './business';
import { SANDBOX_TOKENS, sandboxCardHandler } from './payment-handlers';
import { storeProductView } from './store-products';

/** Minutes a completion holds the store's stock while it pays and places the order. */
const RESERVATION_TTL_S = 15 * 60;

const MESSAGE_OF: Record<string, { code: string; content: string }> = {
  SKU_NOT_FOUND: { code: 'item_not_found', content: 'the store has no such item' },
  SKU_NOT_PURCHASABLE: { code: 'item_unavailable', content: 'the item cannot be bought now' },
};

/**
 * A store as a business (/v1/shopping/stores/{storeId}): its SKU groups are the products and its
 * SKUs the variants (the catalog's internal routes), lines priced, discounted and taxed exactly as
 * its storefront cart is (the order subgraph's quote), stock reserved at completion, a sandbox
 * card charged, and a paid order placed in the order subgraph.
 */
export class StoreBusiness implements Business {
  readonly key: BusinessKey;
  private readonly handler: PaymentHandlerDeclaration;

  constructor(
    private readonly storeId: string,
    private readonly catalog: StoreCatalogClient,
    private readonly orders: StoreOrdersClient,
    publicBaseUrl: string,
  ) {
    this.key = { kind: 'store', storeId };
    this.handler = sandboxCardHandler(publicBaseUrl);
  }

  async search(q: CatalogSearchQuery): Promise<CatalogPage> {
    const page = await this.catalog.search(this.storeId, {
      ...(q.query ? { query: q.query } : {}),
      ...(q.categories?.length ? { categories: q.categories } : {}),
      ...(q.priceMin !== undefined ? { priceMin: q.priceMin } : {}),
      ...(q.priceMax !== undefined ? { priceMax: q.priceMax } : {}),
      ...(q.cursor ? { cursor: q.cursor } : {}),
      limit: q.limit,
    });
    const products = page.products.map(storeProductView).filter((p): p is UcpProduct => p !== undefined);
    return { products, nextCursor: page.nextCursor, messages: [] };
  }

  async lookup(ids: readonly string[]): Promise<{ products: UcpProduct[]; missing: string[] }> {
    const products = await this.catalog.lookup(this.storeId, ids);
    const found = new Set(products.flatMap((p) => [p.id, ...p.variants.map((v) => v.id)]));
    return {
      products: products.map(storeProductView).filter((p): p is UcpProduct => p !== undefined),
      missing: ids.filter((id) => !found.has(id)),
    };
  }

  async product(id: string): Promise<UcpProduct | undefined> {
    return (await this.lookup([id])).products[0];
  }

  async price(input: PricingInput): Promise<PricedCart> {
    const skuIds = [...new Set(input.lines.map((l) => l.itemId))];
    const [products, quote] = await Promise.all([
      this.catalog.lookup(this.storeId, skuIds),
      this.orders.quote(this.storeId, {
        lines: input.lines.map((l) => ({ skuId: l.itemId, quantity: l.quantity })),
        discountCodes: input.discountCodes,
        shippingAddress: input.address
          ? {
              countryCode: input.address.country,
              regionCode: input.address.region ?? null,
              postalCode: input.address.postalCode ?? null,
            }
          : null,
      }),
    ]);
    const variants = new Map<string, StoreVariant>(products.flatMap((p) => p.variants.map((v) => [v.id, v])));
    return this.pricedFrom(input, quote, variants);
  }

  private pricedFrom(
    input: PricingInput,
    quote: StoreOrderQuote,
    variants: Map<string, StoreVariant>,
  ): PricedCart {
    const messages: UcpMessage[] = [];
    const dropped: string[] = [];
    const outOfStock: string[] = [];
    const quoted = [...quote.lines];
    const lines: PricedLine[] = [];
    input.lines.forEach((line, i) => {
      const path = `$.line_items[${i}]`;
      const problem = quote.problems.find((p) => p.skuId === line.itemId);
      if (problem) {
        const known = MESSAGE_OF[problem.code] ?? { code: 'item_unavailable', content: problem.message };
        messages.push(
          errorMessage(known.code, `${known.content} (${line.itemId})`, 'recoverable', `${path}.item.id`),
        );
        dropped.push(line.lineId);
        return;
      }
      const variant = variants.get(line.itemId);
      if (variant && variant.available !== null && variant.available < line.quantity) {
        outOfStock.push(line.lineId);
        messages.push(
          errorMessage(
            'out_of_stock',
            variant.available === 0
              ? `${line.itemId} is out of stock`
              : `only ${variant.available} of ${line.itemId} are in stock`,
            'recoverable',
            path,
          ),
        );
      }
      const at = quoted.findIndex((q) => q.skuId === line.itemId && q.quantity === line.quantity);
      const q = at >= 0 ? quoted.splice(at, 1)[0] : undefined;
      if (!q) {
        messages.push(
          errorMessage(
            'item_unavailable',
            `${line.itemId} could not be priced`,
            'recoverable',
            `${path}.item.id`,
          ),
        );
        dropped.push(line.lineId);
        return;
      }
      lines.push({
        lineId: line.lineId,
        itemId: line.itemId,
        title: q.title,
        ...(q.imageUrl ? { imageUrl: q.imageUrl } : {}),
        quantity: q.quantity,
        unitAmount: q.unitAmount,
        discount: q.discount,
        tax: q.tax,
      });
    });
    for (const problem of quote.problems.filter((p) => p.discountCode !== undefined))
      messages.push(this.codeMessage(problem, input.discountCodes));
    if (input.currencyPreference && input.currencyPreference !== quote.currencyCode)
      messages.push(
        errorMessage(
          'unsupported_currency',
          `the store sells in ${quote.currencyCode}, not ${input.currencyPreference}`,
          'recoverable',
          '$.context.currency',
        ),
      );
    return {
      currency: quote.currencyCode,
      lines,
      subtotal: quote.subtotal,
      discountTotal: quote.discountTotal,
      taxTotal: quote.taxTotal,
      total: quote.total,
      appliedDiscounts: quote.discounts,
      messages,
      droppedLineIds: dropped,
      outOfStockLineIds: outOfStock,
    };
  }

  /** UCP's discount codes (discount.md): a code the store refuses is a warning on its path. */
  private codeMessage(problem: StoreOrderProblem, codes: readonly string[]): UcpMessage {
    const index = codes.indexOf(problem.discountCode ?? '');
    const code = problem.code === 'DISCOUNT_CODE_EXPIRED' ? 'discount_code_expired' : 'discount_code_invalid';
    return {
      type: 'warning',
      code,
      content_type: 'plain',
      content: problem.message,
      ...(index >= 0 ? { path: `$.discounts.codes[${index}]` } : {}),
    };
  }

  /** The buyer's e-mail (the order's contact) and the country tax is computed for. */
  async readiness(input: ReadinessInput): Promise<UcpMessage[]> {
    const messages: UcpMessage[] = [];
    if (!input.buyer?.email)
      messages.push(
        errorMessage('missing', 'the buyer’s e-mail address is required', 'recoverable', '$.buyer.email'),
      );
    if (!input.context?.address_country)
      messages.push(
        errorMessage(
          'missing',
          'the buyer’s country is required to compute tax',
          'recoverable',
          '$.context.address_country',
        ),
      );
    return messages;
  }

  paymentHandlers(): readonly PaymentHandlerDeclaration[] {
    return [this.handler];
  }

  /**
   * Reserves the stock (all or nothing), charges the sandbox card, and places the paid order; a
   * step that fails gives the reservation back and places nothing. Every step is keyed by the
   * checkout id, so a retried completion does each at most once.
   */
  async complete(input: CompletionInput): Promise<CompletionResult> {
    const lines = input.priced.lines.map((l) => ({ skuId: l.itemId, quantity: l.quantity }));
    const reserved = await this.catalog.reserve(this.storeId, {
      reference: input.checkoutId,
      lines,
      ttlSeconds: RESERVATION_TTL_S,
    });
    if (!reserved.ok)
      return {
        ok: false,
        messages: reserved.outOfStock.map((skuId) =>
          errorMessage('out_of_stock', `${skuId} is out of stock`, 'recoverable', this.pathOf(input, skuId)),
        ),
      };
    if (input.payment.token !== SANDBOX_TOKENS.approve) {
      await this.catalog.release(this.storeId, input.checkoutId);
      return {
        ok: false,
        messages: [
          errorMessage(
            'payment_failed',
            input.payment.token === SANDBOX_TOKENS.decline
              ? 'the card was declined'
              : 'the card token is not one the sandbox handler knows',
            'recoverable',
            '$.payment.instruments[0].credential',
          ),
        ],
      };
    }
    const placed = await this.orders.placePaid(this.storeId, {
      reference: input.checkoutId,
      lines,
      discountCodes: input.discountCodes,
      shippingAddress: input.address
        ? {
            countryCode: input.address.country,
            regionCode: input.address.region ?? null,
            postalCode: input.address.postalCode ?? null,
            firstName: input.buyerDetails?.firstName ?? null,
            lastName: input.buyerDetails?.lastName ?? null,
            phone: input.buyerDetails?.phone ?? null,
          }
        : null,
      expectedTotal: input.priced.total,
      buyer: input.buyerDetails
        ? {
            email: input.buyerDetails.email ?? null,
            firstName: input.buyerDetails.firstName ?? null,
            lastName: input.buyerDetails.lastName ?? null,
            phone: input.buyerDetails.phone ?? null,
          }
        : null,
      payment: { method: 'sandbox_card', transactionReference: `sbx_${input.checkoutId}` },
    });
    if (!placed.ok) {
      await this.catalog.release(this.storeId, input.checkoutId);
      return {
        ok: false,
        messages:
          placed.reason === 'QUOTE_CHANGED'
            ? [
                errorMessage(
                  'totals_changed',
                  'the store’s prices changed: review the checkout',
                  'recoverable',
                ),
              ]
            : placed.problems.map((p) => errorMessage('item_unavailable', p.message, 'recoverable')),
      };
    }
    return { ok: true, lineStatus: 'processing', externalOrderId: placed.order.orderId };
  }

  private pathOf(input: CompletionInput, skuId: string): string {
    const i = input.priced.lines.findIndex((l) => l.itemId === skuId);
    return i >= 0 ? `$.line_items[${i}]` : '$.line_items';
  }
}
