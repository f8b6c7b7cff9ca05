import { Inject, Injectable } from '@nestjs/common';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import type { PricedCart } from '../businesses/business';
import { BusinessesService, businessColumn } from '../businesses/businesses.service';
import { toCheckoutInput, toPricingInput } from '../checkout/checkout-requests';
import { renderTotals } from '../checkout/checkout-totals';
import { discountsView, legalLinks } from '../checkout/checkout-view';
import type { CheckoutWritableRequest } from '../checkout/checkout.request';
import { hasBuyableLine, newId } from '../checkout/checkout.service';
import type { ShoppingContext } from '../ucp/shopping-context';
import { Capability, errorEnvelope, errorMessage, ucpMeta, type UcpReply } from '../ucp/ucp-protocol';
import { CartEntity } from './cart.entity';
import { CartsRepository } from './carts.repository';

/** A cart lives this long unless converted or canceled (cart.md leaves it to the business). */
const CART_TTL_S = 7 * 86_400;

/**
 * UCP carts (cart.md): lines the business prices like a checkout's, no payment, no status; a
 * canceled cart is not found. A checkout converts a cart by `cart_id`.
 */
@Injectable()
export class CartsService {
  constructor(
    private readonly carts: CartsRepository,
    private readonly businesses: BusinessesService,
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
  ) {}

  async create(ctx: ShoppingContext, body: CheckoutWritableRequest): Promise<UcpReply> {
    const input = toCheckoutInput(body, undefined, ctx.capabilities);
    const priced = await this.businesses.of(ctx.business).price(toPricingInput(input));
    if (!hasBuyableLine(priced))
      return this.envelope(
        ctx,
        priced.messages.length
          ? priced.messages.map((m) =>
              m.type === 'error' ? { ...m, severity: 'unrecoverable' as const } : m,
            )
          : [
              errorMessage(
                'item_not_found',
                'none of the line items can be bought',
                'unrecoverable',
                '$.line_items',
              ),
            ],
      );
    const cart = new CartEntity();
    cart.id = newId('cart');
    cart.business = businessColumn(ctx.business);
    cart.accountId = ctx.accountId;
    cart.state = 'active';
    cart.expiresAt = new Date(Date.now() + CART_TTL_S * 1000);
    this.apply(cart, input, priced);
    await this.carts.insert(cart);
    return { status: 201, body: this.view(ctx, cart) };
  }

  async get(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    const cart = await this.find(this.carts, ctx, id);
    return cart ? { status: 200, body: this.view(ctx, cart) } : this.notFound(ctx);
  }

  async update(ctx: ShoppingContext, id: string, body: CheckoutWritableRequest): Promise<UcpReply> {
    const current = await this.find(this.carts, ctx, id);
    if (!current) return this.notFound(ctx);
    const input = toCheckoutInput(body, current.input, ctx.capabilities);
    const priced = await this.businesses.of(ctx.business).price(toPricingInput(input));
    return this.carts.transaction(async (tx) => {
      const cart = await this.find(tx, ctx, id, true);
      if (!cart) return this.notFound(ctx);
      this.apply(cart, input, priced);
      await tx.update(cart);
      return { status: 200 as const, body: this.view(ctx, cart) };
    });
  }

  async cancel(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    return this.carts.transaction(async (tx) => {
      const cart = await this.find(tx, ctx, id, true);
      if (!cart) return this.notFound(ctx);
      cart.state = 'canceled';
      await tx.update(cart);
      return { status: 200 as const, body: this.view(ctx, cart) };
    });
  }

  private apply(cart: CartEntity, input: CartEntity['input'], priced: PricedCart): void {
    const { lineItems, totals } = renderTotals(priced);
    cart.input = input;
    cart.currency = priced.currency;
    cart.lineItems = lineItems;
    cart.totals = totals;
    cart.messages = [...priced.messages];
    cart.appliedDiscounts = [...priced.appliedDiscounts];
  }

  /** A live cart of the caller at this business; canceled and expired carts are not found. */
  private async find(
    carts: CartsRepository,
    ctx: ShoppingContext,
    id: string,
    lock = false,
  ): Promise<CartEntity | null> {
    const cart = await carts.findOfAccount(id, ctx.accountId, businessColumn(ctx.business), lock);
    if (!cart || cart.state === 'canceled' || cart.expiresAt.getTime() <= Date.now()) return null;
    return cart;
  }

  private view(ctx: ShoppingContext, cart: CartEntity): Record<string, unknown> {
    return {
      ucp: ucpMeta('cart', ctx.capabilities),
      id: cart.id,
      line_items: cart.lineItems,
      currency: cart.currency,
      totals: cart.totals,
      links: legalLinks(this.settings.publicBaseUrl),
      expires_at: cart.expiresAt.toISOString(),
      ...(cart.input.buyer ? { buyer: cart.input.buyer } : {}),
      ...(cart.input.context ? { context: cart.input.context } : {}),
      ...(cart.messages.length ? { messages: cart.messages } : {}),
      ...(ctx.capabilities.has(Capability.DISCOUNT)
        ? { discounts: discountsView(cart.input, cart.appliedDiscounts) }
        : {}),
    };
  }

  private envelope(ctx: ShoppingContext, messages: Parameters<typeof errorEnvelope>[2]): UcpReply {
    return { status: 200, body: errorEnvelope('cart', ctx.capabilities, messages) };
  }

  private notFound(ctx: ShoppingContext): UcpReply {
    return this.envelope(ctx, [errorMessage('not_found', 'no such cart', 'unrecoverable')]);
  }
}
