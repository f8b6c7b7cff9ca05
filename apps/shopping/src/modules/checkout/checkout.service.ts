import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import type { Business, PricedCart } from '../businesses/business';
import { BusinessesService, businessBasePath, businessColumn } from '../businesses/businesses.service';
import type { CartEntity } from '../carts/cart.entity';
import { OrdersService } from '../orders/orders.service';
import type { ShoppingContext } from '../ucp/shopping-context';
import { UcpErrors } from '../ucp/ucp.errors';
import { Capability, errorEnvelope, errorMessage, type UcpReply } from '../ucp/ucp-protocol';
import type { UcpMessage } from '../ucp/ucp-types';
import type { CheckoutInput } from './checkout-input';
import { storedPayment, toCheckoutInput, toPricingInput } from './checkout-requests';
import { CheckoutSessionEntity, TERMINAL_STATUSES } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { liveStatus } from './checkout-status';
import { renderTotals, totalOf } from './checkout-totals';
import { checkoutView } from './checkout-view';
import type {
  CompleteCheckoutRequest,
  CreateCheckoutRequest,
  UpdateCheckoutRequest,
} from './checkout.request';

/** A completion that stopped half-way (a crashed replica) may be taken over after this long. */
export const COMPLETION_LEASE_MS = 60_000;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/**
 * The checkout engine of every business (checkout.md): create, read, replace, complete and cancel
 * a session, its status derived from what the business says of it after each change. The
 * business prices the lines (server-side, never the agent's numbers); totals obey UCP's rules.
 * Completion takes the row from ready_for_complete to complete_in_progress under a row lock, so
 * of any number of concurrent completions one charges and places the order; the others answer
 * the session as it is.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly sessions: CheckoutSessionsRepository,
    private readonly businesses: BusinessesService,
    private readonly orders: OrdersService,
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
  ) {}

  async create(ctx: ShoppingContext, body: CreateCheckoutRequest): Promise<UcpReply> {
    const business = this.businesses.of(ctx.business);
    let input = toCheckoutInput(body, undefined, ctx.capabilities);
    if (body.cart_id !== undefined) {
      const converted = await this.fromCart(ctx, body.cart_id);
      if (converted === 'missing')
        return this.envelope(ctx, [errorMessage('not_found', 'no such cart', 'unrecoverable', '$.cart_id')]);
      if (converted.existing) return { status: 201, body: this.view(ctx, business, converted.existing) };
      input = cartContents(converted.cart.input, input, ctx.capabilities.has(Capability.DISCOUNT));
    }
    const priced = await business.price(toPricingInput(input));
    // Nothing that can be bought (unknown, unavailable or all out of stock): 200, the envelope, no
    // checkout (checkout-rest.md "Error Response").
    if (!hasBuyableLine(priced)) return this.envelope(ctx, createFailure(priced.messages));
    if (input.context?.currency && input.context.currency !== priced.currency)
      return this.envelope(ctx, [
        errorMessage(
          'unsupported_currency',
          `this business sells in ${priced.currency}, not ${input.context.currency}`,
          'unrecoverable',
          '$.context.currency',
        ),
      ]);
    const session = new CheckoutSessionEntity();
    session.id = newId('chk');
    session.business = businessColumn(ctx.business);
    session.accountId = ctx.accountId;
    session.agentProfileUrl = ctx.agentProfileUrl;
    session.cartId = body.cart_id ?? null;
    session.orderId = null;
    session.expiresAt = new Date(Date.now() + this.settings.checkoutTtlSeconds * 1000);
    await this.apply(business, session, input, priced);
    const cartId = session.cartId;
    if (cartId === null) await this.sessions.insert(session);
    else
      await this.sessions.transaction(async (tx) => {
        await tx.insert(session);
        await tx.carts.markConverted(cartId, ctx.accountId);
      });
    return { status: 201, body: this.view(ctx, business, session) };
  }

  async get(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    const session = await this.find(this.sessions, ctx, id);
    if (!session) return this.notFound(ctx);
    return { status: 200, body: this.view(ctx, this.businesses.of(ctx.business), session) };
  }

  /**
   * A full replacement, priced outside any transaction and written with one UPDATE conditional on
   * the version it was priced from: a concurrent change of the session makes it price again (a few
   * times at most), so the last writer wins with prices of its own input.
   */
  async update(ctx: ShoppingContext, id: string, body: UpdateCheckoutRequest): Promise<UcpReply> {
    const business = this.businesses.of(ctx.business);
    for (let attempt = 0; ; attempt++) {
      const session = await this.find(this.sessions, ctx, id);
      if (!session) return this.notFound(ctx);
      if (!this.modifiable(session)) return this.notModifiable(ctx, session);
      const input = toCheckoutInput(body, session.input, ctx.capabilities);
      const priced = await business.price(toPricingInput(input));
      await this.apply(business, session, input, priced);
      if (await this.sessions.update(session, session.version)) {
        session.version += 1;
        return { status: 200, body: this.view(ctx, business, session) };
      }
      if (attempt >= 4) throw UcpErrors.busy('the checkout is being changed by other requests; retry');
    }
  }

  async complete(ctx: ShoppingContext, id: string, body: CompleteCheckoutRequest): Promise<UcpReply> {
    const business = this.businesses.of(ctx.business);
    const instrument =
      body.payment.instruments.find((i) => i.selected !== false) ?? body.payment.instruments[0];
    type Claim =
      { reply: UcpReply; session?: undefined } | { reply?: undefined; session: CheckoutSessionEntity };
    const claimed = await this.claimReady(ctx, id, business, instrument, body);
    if (claimed) return this.finishCompletion(ctx, business, claimed, instrument);
    // Not ready_for_complete (or a bad handler): the locked read below says what to answer, and
    // takes over a completion a crashed replica left behind.
    const claim = await this.sessions.transaction(async (tx): Promise<Claim> => {
      const session = await this.find(tx, ctx, id, true);
      if (!session) return { reply: this.notFound(ctx) };
      if (session.status === 'completed')
        return { reply: { status: 200 as const, body: this.view(ctx, business, session) } };
      if (session.status === 'canceled') return { reply: this.notModifiable(ctx, session) };
      const inProgress =
        session.status === 'complete_in_progress' &&
        Date.now() - session.updatedAt.getTime() < COMPLETION_LEASE_MS;
      if (inProgress) return { reply: { status: 200 as const, body: this.view(ctx, business, session) } };
      if (session.expiresAt.getTime() <= Date.now()) {
        session.status = 'canceled';
        await tx.update(session);
        return {
          reply: this.envelope(ctx, [
            errorMessage('checkout_expired', 'the checkout expired', 'unrecoverable'),
          ]),
        };
      }
      const handlerIds = business.paymentHandlers().map((h) => h.id);
      if (!instrument || !handlerIds.includes(instrument.handler_id))
        return {
          reply: this.withMessage(ctx, business, session, [
            errorMessage(
              'validation_error',
              `the instrument's handler must be one of: ${handlerIds.join(', ')}`,
              'recoverable',
              '$.payment.instruments[0].handler_id',
            ),
          ]),
        };
      if (session.status !== 'ready_for_complete' && session.status !== 'complete_in_progress')
        return {
          reply: this.withMessage(ctx, business, session, [
            errorMessage(
              'checkout_not_ready',
              `a checkout that is ${session.status} cannot be completed`,
              'recoverable',
            ),
          ]),
        };
      session.status = 'complete_in_progress';
      session.input = {
        ...session.input,
        payment: storedPayment(body.payment),
      };
      if (body.signals) session.input = { ...session.input, signals: body.signals };
      if (body.attribution) session.input = { ...session.input, attribution: body.attribution };
      await tx.update(session);
      return { session };
    });
    if (claim.reply) return claim.reply;
    return this.finishCompletion(ctx, business, claim.session, instrument);
  }

  /**
   * The hot path of completion: a session that is ready_for_complete and not expired goes to
   * complete_in_progress in one conditional UPDATE (of concurrent completions exactly one matches),
   * with the payment (without its secret), signals and attribution merged into its input.
   */
  private async claimReady(
    ctx: ShoppingContext,
    id: string,
    business: Business,
    instrument: CompleteCheckoutRequest['payment']['instruments'][number] | undefined,
    body: CompleteCheckoutRequest,
  ): Promise<CheckoutSessionEntity | undefined> {
    if (!instrument || !business.paymentHandlers().some((h) => h.id === instrument.handler_id))
      return undefined;
    const patch = {
      payment: storedPayment(body.payment),
      ...(body.signals ? { signals: body.signals } : {}),
      ...(body.attribution ? { attribution: body.attribution } : {}),
    };
    if (!(await this.sessions.claimReady(id, ctx.accountId, businessColumn(ctx.business), patch)))
      return undefined;
    return (await this.find(this.sessions, ctx, id)) ?? undefined;
  }

  private async finishCompletion(
    ctx: ShoppingContext,
    business: Business,
    session: CheckoutSessionEntity,
    instrument: CompleteCheckoutRequest['payment']['instruments'][number],
  ): Promise<UcpReply> {
    const input = session.input;
    let priced: PricedCart;
    try {
      priced = await business.price(toPricingInput(input));
    } catch (e) {
      await this.revert(session.id, 'ready_for_complete', session.messages);
      throw e;
    }
    const { totals } = renderTotals(priced);
    if (totalOf(totals) !== totalOf(session.totals) || priced.droppedLineIds.length > 0) {
      // The prices moved since the agent last saw them: show the new ones, complete nothing.
      const fresh = await this.sessions.transaction(async (tx) => {
        const row = await this.find(tx, ctx, session.id, true);
        if (!row) return undefined;
        await this.apply(business, row, input, priced, [
          {
            type: 'warning',
            code: 'totals_changed',
            content_type: 'plain',
            content: 'the totals changed; review and complete again',
          },
        ]);
        await tx.update(row);
        return row;
      });
      if (!fresh) return this.notFound(ctx);
      return { status: 200, body: this.view(ctx, business, fresh) };
    }
    let result;
    try {
      result = await business.complete({
        checkoutId: session.id,
        buyer: { accountId: ctx.accountId, tokenId: ctx.tokenId },
        priced,
        discountCodes: input.discountCodes,
        address: toPricingInput(input).address,
        buyerDetails: input.buyer
          ? {
              ...(input.buyer.email ? { email: input.buyer.email } : {}),
              ...(input.buyer.first_name ? { firstName: input.buyer.first_name } : {}),
              ...(input.buyer.last_name ? { lastName: input.buyer.last_name } : {}),
              ...(input.buyer.phone_number ? { phone: input.buyer.phone_number } : {}),
            }
          : null,
        payment: {
          handlerId: instrument.handler_id,
          instrumentId: instrument.id,
          token: instrument.credential?.token ?? null,
        },
      });
    } catch (e) {
      await this.revert(session.id, 'ready_for_complete', session.messages);
      throw e;
    }
    if (!result.ok) {
      await this.revert(session.id, 'ready_for_complete', result.messages);
      return this.envelope(ctx, result.messages);
    }
    const placed = await this.sessions.transaction(async (tx) => {
      const row = session;
      const order = await this.orders.place(tx.orders, {
        checkout: row,
        business: ctx.business,
        priced,
        lineStatus: result.lineStatus,
        externalOrderId: result.externalOrderId,
        webhookUrl: ctx.agent.orderWebhookUrl,
        capabilities: ctx.capabilities,
      });
      row.status = 'completed';
      row.orderId = order.id;
      row.messages = [];
      // Another replica took the completion over (our lease lapsed): this one places nothing.
      if (!(await tx.markCompleted(row.id, order.id)))
        throw UcpErrors.busy('the checkout’s completion was taken over; read it again');
      return { row, order };
    });
    await this.orders.afterPlaced(placed.order);
    return { status: 200, body: this.view(ctx, business, placed.row) };
  }

  async cancel(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    const business = this.businesses.of(ctx.business);
    return this.sessions.transaction(async (tx) => {
      const session = await this.find(tx, ctx, id, true);
      if (!session) return this.notFound(ctx);
      if (!this.modifiable(session)) return this.notModifiable(ctx, session);
      session.status = 'canceled';
      await tx.update(session);
      return { status: 200 as const, body: this.view(ctx, business, session) };
    });
  }

  /** Live sessions past their expires_at become canceled (the worker's sweep); returns how many. */
  async cancelExpired(now: Date, batch = 500): Promise<number> {
    return this.sessions.cancelExpired(now, batch);
  }

  // ---- helpers ----

  private async apply(
    business: Business,
    session: CheckoutSessionEntity,
    input: CheckoutInput,
    priced: PricedCart,
    extra: readonly UcpMessage[] = [],
  ): Promise<void> {
    const { lineItems, totals } = renderTotals(priced);
    const readiness = await business.readiness({
      accountId: session.accountId,
      checkoutId: session.id,
      buyer: input.buyer,
      context: input.context,
    });
    const currencyMessages =
      input.context?.currency && input.context.currency !== priced.currency
        ? [
            errorMessage(
              'unsupported_currency',
              `this business sells in ${priced.currency}, not ${input.context.currency}`,
              'recoverable',
              '$.context.currency',
            ),
          ]
        : [];
    const messages = dedupe([...priced.messages, ...currencyMessages, ...readiness, ...extra]);
    session.input = input;
    session.currency = priced.currency;
    session.lineItems = lineItems;
    session.totals = totals;
    session.appliedDiscounts = [...priced.appliedDiscounts];
    session.messages = messages;
    session.status = liveStatus(messages, lineItems.length);
  }

  private async revert(
    id: string,
    status: 'ready_for_complete',
    messages: readonly UcpMessage[],
  ): Promise<void> {
    await this.sessions.revertCompletion(id, status, messages);
  }

  /**
   * The cart a create converts (a live one of the caller at this business) and the live checkout
   * already made of it: converting a cart is idempotent (cart.md), that checkout is the answer.
   */
  private async fromCart(
    ctx: ShoppingContext,
    cartId: string,
  ): Promise<{ cart: CartEntity; existing: CheckoutSessionEntity | undefined } | 'missing'> {
    const cart = await this.sessions.carts.findOfAccount(cartId, ctx.accountId, businessColumn(ctx.business));
    if (!cart || cart.state === 'canceled' || cart.expiresAt.getTime() <= Date.now()) return 'missing';
    const existing = await this.sessions.findLatestOfCart(cartId, ctx.accountId);
    return {
      cart,
      existing: existing && !TERMINAL_STATUSES.includes(existing.status) ? existing : undefined,
    };
  }

  /** The caller's session at its business, through `sessions` (this service's or a transaction's copy). */
  private find(
    sessions: CheckoutSessionsRepository,
    ctx: ShoppingContext,
    id: string,
    lock = false,
  ): Promise<CheckoutSessionEntity | null> {
    return sessions.findOfAccount(id, ctx.accountId, businessColumn(ctx.business), lock);
  }

  private modifiable(session: CheckoutSessionEntity): boolean {
    return !TERMINAL_STATUSES.includes(session.status) && session.status !== 'complete_in_progress';
  }

  private view(
    ctx: ShoppingContext,
    business: Business,
    session: CheckoutSessionEntity,
  ): Record<string, unknown> {
    return checkoutView(session, {
      publicBaseUrl: this.settings.publicBaseUrl,
      basePath: businessBasePath(ctx.business),
      capabilities: ctx.capabilities,
      handlers: business.paymentHandlers(),
    });
  }

  private withMessage(
    ctx: ShoppingContext,
    business: Business,
    session: CheckoutSessionEntity,
    messages: UcpMessage[],
  ): UcpReply {
    const view = this.view(ctx, business, session);
    return { status: 200, body: { ...view, messages: [...session.messages, ...messages] } };
  }

  private envelope(ctx: ShoppingContext, messages: readonly UcpMessage[]): UcpReply {
    return { status: 200, body: errorEnvelope('checkout', ctx.capabilities, messages) };
  }

  private notFound(ctx: ShoppingContext): UcpReply {
    return this.envelope(ctx, [
      errorMessage('checkout_not_found', 'no such checkout session', 'unrecoverable'),
    ]);
  }

  private notModifiable(ctx: ShoppingContext, session: CheckoutSessionEntity): UcpReply {
    return this.envelope(ctx, [
      errorMessage(
        'checkout_not_modifiable',
        `the checkout is ${session.status}: it can no longer change`,
        'unrecoverable',
      ),
    ]);
  }
}

/**
 * A checkout made from a cart (cart.json `cart_id`): the business MUST use the cart's contents
 * (line_items, context, buyer) and ignore the overlapping fields of the payload; its discount
 * codes too. What the cart does not hold (buyer, context, codes it lacks; payment, signals,
 * attribution) comes from the payload.
 */
export function cartContents(cart: CheckoutInput, payload: CheckoutInput, discounts: boolean): CheckoutInput {
  return {
    ...payload,
    lines: cart.lines,
    buyer: cart.buyer ?? payload.buyer,
    context: cart.context ?? payload.context,
    discountCodes: !discounts ? [] : cart.discountCodes.length ? cart.discountCodes : payload.discountCodes,
  };
}

/** Whether a priced cart has a line the business can supply now. */
export function hasBuyableLine(priced: PricedCart): boolean {
  const outOfStock = new Set(priced.outOfStockLineIds ?? []);
  return priced.lines.some((l) => !outOfStock.has(l.lineId));
}

/** A create that made nothing: its messages, each unrecoverable for this request (no resource to fix). */
function createFailure(messages: readonly UcpMessage[]): UcpMessage[] {
  const errors = messages.filter((m) => m.type === 'error');
  if (errors.length === 0)
    return [
      errorMessage('item_not_found', 'none of the line items can be bought', 'unrecoverable', '$.line_items'),
    ];
  return errors.map((m) => (m.type === 'error' ? { ...m, severity: 'unrecoverable' as const } : m));
}

function dedupe(messages: UcpMessage[]): UcpMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => {
    const key = `${m.type}|${m.code ?? ''}|${m.path ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
