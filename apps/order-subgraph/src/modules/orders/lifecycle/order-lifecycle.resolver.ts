import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { OrderFulfillmentStatusEnum, OrderManualPaymentStatusEnum } from '../../order-graphql/order-enums';
import { draftLineOf, lineChangeOf } from '../../order-graphql/order-input.mappers';
import {
  AddDraftOrderInput,
  AddOrderInput,
  UpdateDraftOrderInput,
  UpdateOrderInput,
  orderVersionArg,
} from '../../order-graphql/order.input';
import { toOrderModel } from '../../order-graphql/order.mappers';
import { OrderModel } from '../../order-graphql/order.model';
import { OrderPathKind, assertSameStore } from '../../order-graphql/store-context';
import type { NewLineItem, NewOrder, OrderPath } from '../../order-model/order-commands';
import { OrderScopes } from '../../order-model/order-scopes';
import type { FulfillmentStatus, ManualPaymentStatus } from '../../order-model/order-statuses';
import { StorefrontCartService } from '../../storefront-cart/storefront-cart.service';
import { OrdersService } from './orders.service';

function newOrder(
  input: AddOrderInput | AddDraftOrderInput,
  lineItems: readonly NewLineItem[] = (input.lineItems ?? []).map((l) => draftLineOf(l)),
): NewOrder {
  const draft = input instanceof AddDraftOrderInput ? input : null;
  return {
    // A public addDraftOrder names no currency: the first line's, else USD (an empty cart adopts the
    // currency of its first catalog price).
    currencyCode: input.currencyCode ?? lineItems[0]?.unitAmount.currencyCode ?? 'USD',
    channelId: input.context.channelId ?? null,
    customerId: input.customerId ?? null,
    lineItems,
    externalId: draft?.externalId ?? null,
    cartId: draft?.cartId ?? null,
    metafields: draft?.metafields ?? null,
    taxExempted: draft?.taxExempted ?? false,
    billing: input.billing ?? null,
    shipping: input.shipping ?? null,
    shippingAmount: input.shippingAmount ?? null,
    tags: input.tags ?? [],
    notes: input.notes ?? [],
    processedAt: input.processedAt ?? null,
  };
}

/** Creating orders and moving them through their lifecycle; each mutation with its scope. */
@Resolver(() => OrderModel)
export class OrderLifecycleResolver {
  constructor(
    private readonly orders: OrdersService,
    private readonly cart: StorefrontCartService,
  ) {}

  @Mutation(() => OrderModel, {
    description: 'Creates an OPEN order with at least one line. Scope commerce.order:create.',
  })
  @RequiresScopes(OrderScopes.create)
  async addOrder(
    @StoreId() storeId: string,
    @Args('input') input: AddOrderInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrderModel> {
    assertSameStore(storeId, input);
    return toOrderModel(await this.orders.create(storeId, newOrder(input), false, principal));
  }

  @Mutation(() => OrderModel, {
    description:
      'Creates a DRAFT order (a cart). On the storefront path every line names a catalog SKU, which prices it. Scope commerce.order:create.',
  })
  @RequiresScopes(OrderScopes.create)
  async addDraftOrder(
    @StoreId() storeId: string,
    @OrderPathKind() path: OrderPath,
    @Args('input') input: AddDraftOrderInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrderModel> {
    assertSameStore(storeId, input);
    const lines =
      path === 'storefront' && input.lineItems?.length
        ? await this.cart.priceDraftLines(storeId, input.lineItems.map(draftLineOf))
        : undefined;
    return toOrderModel(await this.orders.create(storeId, newOrder(input, lines), true, principal));
  }

  @Mutation(() => OrderModel, {
    description:
      'Changes a DRAFT order (ORDER_NOT_DRAFT otherwise): customer, addresses, tags, notes, metafields, and lines added, changed or removed; totals and taxes re-derived. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async updateDraftOrder(
    @StoreId() storeId: string,
    @OrderPathKind() path: OrderPath,
    @Args('input') input: UpdateDraftOrderInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrderModel> {
    assertSameStore(storeId, input);
    const order = await this.cart.updateDraft(
      storeId,
      path,
      {
        id: input.id,
        orderVersion: input.orderVersion,
        customerId: input.customerId,
        billing: input.billing,
        shipping: input.shipping,
        tags: input.tags,
        externalId: input.externalId,
        cartId: input.cartId,
        metafields: input.metafields,
        notes: input.notes,
        lineItems: input.lineItems && {
          add: input.lineItems.add?.map(draftLineOf),
          update: input.lineItems.update?.map((u) => lineChangeOf(u)),
          remove: input.lineItems.remove,
        },
      },
      principal,
    );
    return toOrderModel(order);
  }

  @Mutation(() => OrderModel, { description: 'DRAFT → OPEN (needs a line). Scope commerce.order:update.' })
  @RequiresScopes(OrderScopes.update)
  async openDraftOrder(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderVersion', orderVersionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.openDraft(storeId, id, orderVersion));
  }

  @Mutation(() => OrderModel, {
    description: 'Changes customer, addresses, channel, shipping, tags. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async updateOrder(@StoreId() storeId: string, @Args('input') input: UpdateOrderInput): Promise<OrderModel> {
    assertSameStore(storeId, input);
    const patch = {
      ...(input.channelId !== undefined ? { channelId: input.channelId } : {}),
      ...(input.customerId !== undefined ? { customerId: input.customerId } : {}),
      ...(input.billing !== undefined ? { billing: input.billing } : {}),
      ...(input.shipping !== undefined ? { shipping: input.shipping } : {}),
      ...(input.shippingAmount !== undefined ? { shippingAmount: input.shippingAmount } : {}),
      ...(input.tags != null ? { tags: input.tags } : input.tags === null ? { tags: [] } : {}),
      ...(input.processedAt ? { processedAt: input.processedAt } : {}),
    };
    return toOrderModel(await this.orders.update(storeId, input.id, patch, input.orderVersion));
  }

  @Mutation(() => OrderModel, {
    description:
      'DRAFT/OPEN → CANCELED. force: true also cancels a COMPLETED order and refunds every payment not yet refunded (without it such orders fail with ORDER_ILLEGAL_TRANSITION / ORDER_HAS_PAYMENTS). Scope commerce.order:cancel.',
  })
  @RequiresScopes(OrderScopes.cancel)
  async cancelOrder(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('force', { type: () => Boolean, nullable: true }) force?: boolean | null,
    @Args('reason', { type: () => String, nullable: true }) reason?: string | null,
  ): Promise<OrderModel> {
    return toOrderModel(
      await this.orders.cancel(storeId, id, { force: force ?? false, reason: reason?.slice(0, 512) ?? null }),
    );
  }

  @Mutation(() => OrderModel, {
    description:
      'OPEN → COMPLETED; an unpaid balance is recorded as a SALE (a commerce transaction). Scope commerce.order:complete.',
  })
  @RequiresScopes(OrderScopes.complete)
  async completeOrder(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderVersion', orderVersionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.complete(storeId, id, orderVersion));
  }

  @Mutation(() => OrderModel, {
    description: 'Archives a COMPLETED or CANCELED order. Scope commerce.order:archive.',
  })
  @RequiresScopes(OrderScopes.archive)
  async archiveOrder(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.archive(storeId, id));
  }

  @Mutation(() => OrderModel, {
    description: 'Brings an archived order back into orders. Scope commerce.order:archive.',
  })
  @RequiresScopes(OrderScopes.archive)
  async unarchiveOrder(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.unarchive(storeId, id));
  }

  @Mutation(() => OrderModel, {
    description:
      'Fulfilment of an OPEN or COMPLETED order (CANCELED only through cancelOrder). Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async updateFulfillmentStatus(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('status', { type: () => OrderFulfillmentStatusEnum }) status: FulfillmentStatus,
    @Args('orderVersion', orderVersionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.updateFulfillmentStatus(storeId, id, status, orderVersion));
  }

  @Mutation(() => OrderModel, {
    description: 'Sets the payment status by hand while no payment is recorded. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async updatePaymentStatus(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('status', { type: () => OrderManualPaymentStatusEnum }) status: ManualPaymentStatus,
    @Args('orderVersion', orderVersionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.updatePaymentStatus(storeId, id, status, orderVersion));
  }
}
