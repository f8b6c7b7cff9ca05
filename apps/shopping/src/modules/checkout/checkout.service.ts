import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { drainInBatches, runStatement } from '@platform/database';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import type { Business, PricedCart } from '../businesses/business';
import { BusinessesService, businessBasePath, businessColumn } from '../businesses/businesses.service';
import { CartEntity } from '../carts/cart.entity';
import { OrdersService } from '../orders/orders.service';
import type { ShoppingContext } from '../ucp/shopping-context';
import { UcpErrors } from '../ucp/ucp.errors';
import { Capability, errorEnvelope, errorMessage, type UcpReply } from '../ucp/ucp-protocol';
import type { UcpMessage } from '../ucp/ucp-types';
import type { CheckoutInput } from './checkout-input';
import { storedPayment, toCheckoutInput, toPricingInput } from './checkout-requests';
import { CheckoutSessionEntity, TERMINAL_STATUSES } from './checkout-session.entity';
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
    private readonly dataSource: DataSource,
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
    if (cartId === null) await insertSession(this.dataSource.manager, session);
    else
      await this.dataSource.transaction(async (tx) => {
        await insertSession(tx, session);
        await tx
          .getRepository(CartEntity)
          .update({ id: cartId, accountId: ctx.accountId, state: 'active' }, { state: 'converted' });
      });
    return { status: 201, body: this.view(ctx, business, session) };
  }

  async get(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    const session = await this.find(this.dataSource.manager, ctx, id);
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
      const session = await this.find(this.dataSource.manager, ctx, id);
      if (!session) return this.notFound(ctx);
      if (!this.modifiable(session)) return this.notModifiable(ctx, session);
      const input = toCheckoutInput(body, session.input, ctx.capabilities);
      const priced = await business.price(toPricingInput(input));
      await this.apply(business, session, input, priced);
      if (await updateSession(this.dataSource.manager, session, session.version)) {
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
    const claim = await this.dataSource.transaction(async (tx): Promise<Claim> => {
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
        await updateSession(tx, session);
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
      await updateSession(tx, session);
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
    const { affected } = await runStatement(
      this.dataSource,
      `UPDATE shopping.checkout_sessions
          SET status = 'complete_in_progress', input = input || $4::jsonb, updated_at = now(), version = version + 1
        WHERE id = $1 AND account_id = $2 AND business = $3
          AND status = 'ready_for_complete' AND expires_at > now()`,
      [id, ctx.accountId, businessColumn(ctx.business), JSON.stringify(patch)],
    );
    if (affected === 0) return undefined;
    return (await this.find(this.dataSource.manager, ctx, id)) ?? undefined;
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
      const fresh = await this.dataSource.transaction(async (tx) => {
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
        await updateSession(tx, row);
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
    const placed = await this.dataSource.transaction(async (tx) => {
      const row = session;
      const order = await this.orders.place(tx, {
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
      const done = await tx
        .getRepository(CheckoutSessionEntity)
        .update(
          { id: row.id, status: 'complete_in_progress' },
          { status: 'completed', orderId: order.id, messages: [] },
        );
      // Another replica took the completion over (our lease lapsed): this one places nothing.
      if (!done.affected) throw UcpErrors.busy('the checkout’s completion was taken over; read it again');
      return { row, order };
    });
    await this.orders.afterPlaced(placed.order);
    return { status: 200, body: this.view(ctx, business, placed.row) };
  }

  async cancel(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    const business = this.businesses.of(ctx.business);
    return this.dataSource.transaction(async (tx) => {
      const session = await this.find(tx, ctx, id, true);
      if (!session) return this.notFound(ctx);
      if (!this.modifiable(session)) return this.notModifiable(ctx, session);
      session.status = 'canceled';
      await updateSession(tx, session);
      return { status: 200 as const, body: this.view(ctx, business, session) };
    });
  }

  /** Live sessions past their expires_at become canceled (the worker's sweep); returns how many. */
  async cancelExpired(now: Date, batch = 500): Promise<number> {
    return drainInBatches(
      this.dataSource,
      `UPDATE shopping.checkout_sessions SET status = 'canceled', updated_at = now(), version = version + 1
        WHERE id IN (SELECT id FROM shopping.checkout_sessions
                      WHERE status NOT IN ('completed', 'canceled', 'complete_in_progress') AND expires_at <= $1
                      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [now],
      batch,
    );
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
    await this.dataSource
      .getRepository(CheckoutSessionEntity)
      .update({ id, status: 'complete_in_progress' }, { status, messages: [...messages] });
  }

  /**
   * The cart a create converts (a live one of the caller at this business) and the live checkout
   * already made of it: converting a cart is idempotent (cart.md), that checkout is the answer.
   */
  private async fromCart(
    ctx: ShoppingContext,
    cartId: string,
  ): Promise<{ cart: CartEntity; existing: CheckoutSessionEntity | undefined } | 'missing'> {
    const cart = await this.dataSource
      .getRepository(CartEntity)
      .findOneBy({ id: cartId, accountId: ctx.accountId, business: businessColumn(ctx.business) });
    if (!cart || cart.state === 'canceled' || cart.expiresAt.getTime() <= Date.now()) return 'missing';
    const existing = await this.dataSource.getRepository(CheckoutSessionEntity).findOne({
      where: { cartId, accountId: ctx.accountId },
      order: { createdAt: 'DESC' },
    });
    return {
      cart,
      existing: existing && !TERMINAL_STATUSES.includes(existing.status) ? existing : undefined,
    };
  }

  private find(
    manager: EntityManager,
    ctx: ShoppingContext,
    id: string,
    lock = false,
  ): Promise<CheckoutSessionEntity | null> {
    return manager.getRepository(CheckoutSessionEntity).findOne({
      where: { id, accountId: ctx.accountId, business: businessColumn(ctx.business) },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
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

/**
 * Writes a new session: one INSERT (a `save` would first SELECT the id to choose between insert
 * and update).
 */
async function insertSession(manager: EntityManager, session: CheckoutSessionEntity): Promise<void> {
  await manager
    .getRepository(CheckoutSessionEntity)
    .insert(session as QueryDeepPartialEntity<CheckoutSessionEntity>);
}

/**
 * Writes what a change of a session changes: one UPDATE (updated_at and version move with it);
 * with `expectedVersion`, only if the row is still at that version. Whether it wrote.
 */
async function updateSession(
  manager: EntityManager,
  session: CheckoutSessionEntity,
  expectedVersion?: number,
): Promise<boolean> {
  const { status, currency, input, lineItems, totals, messages, appliedDiscounts, orderId, cartId } = session;
  const result = await manager
    .getRepository(CheckoutSessionEntity)
    .update(
      expectedVersion === undefined ? { id: session.id } : { id: session.id, version: expectedVersion },
      {
        status,
        currency,
        input,
        lineItems,
        totals,
        messages,
        appliedDiscounts,
        orderId,
        cartId,
      } as QueryDeepPartialEntity<CheckoutSessionEntity>,
    );
  return (result.affected ?? 0) > 0;
}
