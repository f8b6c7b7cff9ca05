import { Inject, Injectable } from '@nestjs/common';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import type { BusinessKey, PricedCart } from '../businesses/business';
import { businessBasePath, businessColumn } from '../businesses/businesses.service';
import type { CheckoutSessionEntity } from '../checkout/checkout-session.entity';
import type { ShoppingContext } from '../ucp/shopping-context';
import {
  Capability,
  RESPONSE_CAPABILITIES,
  UCP_VERSION,
  errorEnvelope,
  errorMessage,
  ucpMeta,
  type UcpReply,
} from '../ucp/ucp-protocol';
import { OrderEventsPublisher } from './order-events.publisher';
import { ShoppingOrderEntity, type OrderLine, type OrderLineStatus } from './shopping-order.entity';
import { ShoppingOrdersRepository } from './shopping-orders.repository';

export interface PlaceOrder {
  readonly checkout: CheckoutSessionEntity;
  readonly business: BusinessKey;
  readonly priced: PricedCart;
  readonly lineStatus: OrderLineStatus;
  readonly externalOrderId: string | null;
  readonly webhookUrl: string | null;
  /**
   * What was negotiated with the agent (ShoppingContext.capabilities). Kept on the order for its
   * webhooks' `ucp`; when given without the order capability, no webhook is sent. Absent: the
   * order capability at this service's version when there is a webhook_url (an agent names one
   * only in that capability's config).
   */
  readonly capabilities?: ReadonlyMap<string, string>;
}

/**
 * Shopping orders: placed by a completed checkout (in its transaction), read by the agent
 * (order.json), and changed by fulfilment (the worker), each change an order event in the same
 * transaction for the webhook worker to deliver.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: ShoppingOrdersRepository,
    private readonly publisher: OrderEventsPublisher,
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
  ) {}

  /** Writes the order of a completing checkout and its first event, in `tx` (the caller's transaction's copy). */
  async place(tx: ShoppingOrdersRepository, p: PlaceOrder): Promise<ShoppingOrderEntity> {
    const order = new ShoppingOrderEntity();
    order.id = p.checkout.id.replace(/^chk_/, 'ord_');
    order.checkoutId = p.checkout.id;
    order.business = businessColumn(p.business);
    order.accountId = p.checkout.accountId;
    order.currency = p.priced.currency;
    order.lineItems = p.checkout.lineItems.map((line): OrderLine => ({
      id: line.id,
      item: line.item,
      quantity: {
        original: line.quantity,
        total: line.quantity,
        fulfilled: p.lineStatus === 'fulfilled' ? line.quantity : 0,
      },
      totals: [...line.totals],
      status: p.lineStatus,
    }));
    order.totals = [...p.checkout.totals];
    order.events = [];
    order.adjustments = [];
    order.externalOrderId = p.externalOrderId;
    const orderNegotiated = p.capabilities ? p.capabilities.has(Capability.ORDER) : true;
    order.webhookUrl = orderNegotiated ? p.webhookUrl : null;
    order.ucpCapabilities = orderCapabilities(p.capabilities, order.webhookUrl);
    await tx.insert(order);
    await this.recordEvent(tx, order.id, 'order.created');
    return order;
  }

  /** After the placing transaction commits: wake the workers (the sweeps catch what this misses). */
  async afterPlaced(order: ShoppingOrderEntity): Promise<void> {
    await this.publisher.placed(order);
  }

  /**
   * Appends the next event of an order (its sequence is one past the last), in `tx` (the caller's
   * transaction's copy). The caller holds the order's row lock (placing, or a worker's change), so
   * two events never get one sequence. An order without a webhook_url has nobody to tell: its
   * event is given up at once.
   */
  async recordEvent(tx: ShoppingOrdersRepository, orderId: string, type: string): Promise<void> {
    await tx.appendEvent(orderId, type);
  }

  /**
   * The order as its webhooks send it (order.json, the full entity): what a GET by the agent that
   * placed it answers, with the capabilities negotiated then.
   */
  snapshot(order: ShoppingOrderEntity): Record<string, unknown> {
    return this.view(order, businessKeyOf(order.business), new Map(Object.entries(order.ucpCapabilities)));
  }

  async get(ctx: ShoppingContext, id: string): Promise<UcpReply> {
    const order = await this.orders.findOfAccount(id, ctx.accountId, businessColumn(ctx.business));
    if (!order)
      return {
        status: 200,
        body: errorEnvelope('order', ctx.capabilities, [
          errorMessage('order_not_found', 'no such order', 'unrecoverable'),
        ]),
      };
    return { status: 200, body: this.view(order, ctx.business, ctx.capabilities) };
  }

  /** order.json: the order's lines, what fulfilment promised and did, and its adjustments. */
  view(
    order: ShoppingOrderEntity,
    business: BusinessKey,
    capabilities: ReadonlyMap<string, string>,
  ): Record<string, unknown> {
    const live = order.lineItems.filter((l) => l.status !== 'removed');
    return {
      ucp: ucpMeta('order', capabilities),
      id: order.id,
      label: order.externalOrderId ? `Order ${order.externalOrderId}` : `Order ${order.id}`,
      checkout_id: order.checkoutId,
      permalink_url: `${this.settings.publicBaseUrl}${businessBasePath(business)}/orders/${order.id}`,
      line_items: order.lineItems,
      fulfillment: {
        expectations: live.length
          ? [
              {
                id: 'exp_1',
                line_items: live.map((l) => ({ id: l.id, quantity: l.quantity.total })),
                method_type: business.kind === 'platform' ? 'digital' : 'shipping',
                destination: {},
                description:
                  business.kind === 'platform'
                    ? 'Provisioned to the buyer’s account when the order completes'
                    : 'Shipped by the store',
              },
            ]
          : [],
        events: order.events,
      },
      adjustments: order.adjustments,
      currency: order.currency,
      totals: order.totals,
    };
  }
}

/** The business a row names (businessColumn's inverse): `platform` or `store:<storeId>`. */
export function businessKeyOf(column: string): BusinessKey {
  if (column === 'platform') return { kind: 'platform' };
  if (column.startsWith('store:')) return { kind: 'store', storeId: column.slice('store:'.length) };
  throw new Error(`not a business column: ${column}`);
}

/** The order's part of what was negotiated (RESPONSE_CAPABILITIES.order), as a plain object. */
function orderCapabilities(
  negotiated: ReadonlyMap<string, string> | undefined,
  webhookUrl: string | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!negotiated) {
    if (webhookUrl !== null) out[Capability.ORDER] = UCP_VERSION;
    return out;
  }
  for (const name of RESPONSE_CAPABILITIES.order) {
    const version = negotiated.get(name);
    if (version) out[name] = version;
  }
  return out;
}
