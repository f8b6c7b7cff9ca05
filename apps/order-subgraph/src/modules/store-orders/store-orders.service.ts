import { Injectable } from '@nestjs/common';
import type {
  StoreOrderAddress,
  StoreOrderProblem,
  StoreOrderQuote,
  StoreOrderQuoteRequest,
  StorePaidOrder,
  StorePaidOrderRequest,
} from '@platform/contracts';
import type { Actor } from '../order-model/order-commands';
import { codeDiscountRows, newLineItemRow, newOrderRow } from '../order-model/order-rows';
import { lineTotals, orderTotals } from '../order-model/order-rules';
import type { OrderContact, OrderEntity } from '../order-model/order.entity';
import { OrdersRepository, isPlacementReferenceTaken } from '../order-model/orders.repository';
import { Clock } from '../order-writer/clock.service';
import { OrderWriter } from '../order-writer/order-writer.service';
import { OrdersService } from '../orders/lifecycle/orders.service';
import { OrderPaymentsService } from '../orders/payments/order-payments.service';
import { CartTotals } from '../storefront-cart/cart-totals.service';
import { StorefrontCartService, type WholeCart } from '../storefront-cart/storefront-cart.service';
import { storeOrderQuoteOf } from './store-order-quote';

/** What placing a paid order came to; the controller answers each with its status. */
export type PaidOrderOutcome =
  | { readonly kind: 'PLACED'; readonly created: boolean; readonly order: StorePaidOrder }
  | { readonly kind: 'QUOTE_CHANGED'; readonly quote: StoreOrderQuote }
  | { readonly kind: 'ORDER_PROBLEMS'; readonly problems: readonly StoreOrderProblem[] };

/** Thrown inside the creating transaction to roll it back with an outcome that is not an order. */
class NotPlaced extends Error {
  constructor(
    readonly outcome: { kind: 'REPLAY'; orderId: string } | { kind: 'QUOTE_CHANGED'; quote: StoreOrderQuote },
  ) {
    super(outcome.kind);
  }
}

/** The author of a placed order's notes (it has none: a placement writes no notes). */
const PLACING_SERVICE: Actor = { accountId: 'internal' };

/** The contract's address as an order contact (the order's address fields; absent, not null). */
function contactOf(
  person: {
    firstName?: string | null;
    lastName?: string | null;
    phone?: string | null;
    email?: string | null;
  },
  address?: StoreOrderAddress,
): OrderContact | null {
  const contact: OrderContact = {
    ...(person.firstName ? { firstName: person.firstName } : {}),
    ...(person.lastName ? { lastName: person.lastName } : {}),
    ...(person.email ? { email: person.email } : {}),
    ...(person.phone ? { phone: person.phone } : {}),
  };
  if (address) {
    contact.address = {
      countryCode: address.countryCode,
      ...(address.regionCode ? { adminArea1: address.regionCode } : {}),
      ...(address.locality ? { adminArea2: address.locality } : {}),
      ...(address.postalCode ? { postalCode: address.postalCode } : {}),
      ...(address.line1 ? { addressLine1: address.line1 } : {}),
      ...(address.line2 ? { addressLine2: address.line2 } : {}),
    };
  }
  return Object.keys(contact).length > 0 ? contact : null;
}

function wholeCartOf(
  request: StoreOrderQuoteRequest,
  buyer: StorePaidOrderRequest['buyer'] = null,
): WholeCart {
  const address = request.shippingAddress ?? undefined;
  return {
    lines: request.lines,
    discountCodes: request.discountCodes,
    shipping: address ? contactOf(address, address) : null,
    billing: buyer ? contactOf(buyer) : null,
  };
}

/**
 * A store's cart priced and placed for another platform service (the Shopping API), through the
 * storefront cart's own rules: StorefrontCartService.assemble takes the lines and codes as
 * addLineItemBySkuId and applyDiscountCodes would (setting aside what they refuse), CartTotals
 * prices it, and a paid order is created, opened and paid in one transaction by the same services
 * as a storefront cart that is opened and paid (OrdersService, OrderPaymentsService), so its SALE
 * becomes a commerce transaction through the outbox as any other.
 */
@Injectable()
export class StoreOrdersService {
  constructor(
    private readonly cart: StorefrontCartService,
    private readonly cartTotals: CartTotals,
    private readonly clock: Clock,
    private readonly orders: OrdersService,
    private readonly payments: OrderPaymentsService,
    private readonly writer: OrderWriter,
    private readonly orderRows: OrdersRepository,
  ) {}

  /**
   * What the storefront cart would charge for these lines, codes and address: the rows an order
   * would get, built and priced in memory by the same functions, nothing read back or kept.
   */
  async quote(storeId: string, request: StoreOrderQuoteRequest): Promise<StoreOrderQuote> {
    const now = this.clock.now();
    const cart = await this.cart.assemble(storeId, wholeCartOf(request), now);
    const order = newOrderRow(storeId, 0, cart.order, true, now);
    const lines = cart.order.lineItems.map((l, i) => newLineItemRow(order, l, now, ['lines', i], i + 1));
    const discounts = codeDiscountRows(order.id, cart.codes, now);
    await this.cartTotals.price(order, lines, discounts, cart.codes);
    Object.assign(
      order,
      orderTotals(
        lines.map((l) => lineTotals(l)),
        discounts.map((d) => d.amount),
        order.shippingTotal,
        order.feeTotal,
      ),
    );
    return storeOrderQuoteOf(order, lines, discounts, cart.problems);
  }

  /**
   * The cart placed as an OPEN order paid in full, once per `reference` in the store: a repeated
   * or concurrent call answers the order the first one made. Refused, with nothing written, when
   * a line or code cannot be taken or the total is not `expectedTotal`.
   */
  async placePaid(storeId: string, request: StorePaidOrderRequest): Promise<PaidOrderOutcome> {
    const made = await this.orderRows.findByPlacementReference(storeId, request.reference);
    if (made) return this.placed(made, false);
    const cart = await this.cart.assemble(
      storeId,
      { ...wholeCartOf(request, request.buyer), placementReference: request.reference },
      this.clock.now(),
    );
    if (cart.problems.length > 0) return { kind: 'ORDER_PROBLEMS', problems: cart.problems };
    try {
      const order = await this.writer.create(storeId, async (tx, number, now) => {
        // The store's order counter is locked from here on: a concurrent placement with this
        // reference that got it first has committed its order by now.
        const first = await tx.findByPlacementReference(storeId, request.reference);
        if (first) throw new NotPlaced({ kind: 'REPLAY', orderId: first.id });
        const row = newOrderRow(storeId, number, cart.order, true, now);
        const change = await this.orders.insertNew(tx, row, cart.order, PLACING_SERVICE);
        await this.cart.insertCodeDiscounts(change, cart.codes);
        await this.cartTotals.recompute(change);
        if (change.order.total !== request.expectedTotal) {
          throw new NotPlaced({ kind: 'QUOTE_CHANGED', quote: await this.quoteOf(tx, change.order) });
        }
        await this.orders.open(change);
        if (change.order.total > 0) {
          await this.payments.pay(change, {
            amount: { value: change.order.total, currencyCode: change.order.currencyCode },
            processorReference: request.payment.transactionReference,
            notes: `paid through ${request.payment.method}`,
          });
        }
        await tx.save(change.order);
        return change;
      });
      return this.placed(order, true);
    } catch (e) {
      if (e instanceof NotPlaced && e.outcome.kind === 'QUOTE_CHANGED')
        return { kind: 'QUOTE_CHANGED', quote: e.outcome.quote };
      if (!(e instanceof NotPlaced) && !isPlacementReferenceTaken(e)) throw e;
      const first = await this.orderRows.findByPlacementReference(storeId, request.reference);
      if (!first) throw e;
      return this.placed(first, false);
    }
  }

  private async placed(order: OrderEntity, created: boolean): Promise<PaidOrderOutcome> {
    const quote = await this.quoteOf(this.orderRows, order);
    return { kind: 'PLACED', created, order: { orderId: order.id, number: String(order.number), quote } };
  }

  /** A saved order's numbers as a quote. */
  private async quoteOf(tx: OrdersRepository, order: OrderEntity): Promise<StoreOrderQuote> {
    const lines = await tx.findLinesByPosition(order.id);
    const discounts = await tx.findDiscountsInApplyOrder(order.id);
    return storeOrderQuoteOf(order, lines, discounts, []);
  }
}
