import { Args, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/graphql-subgraph';
import { OrderManualPaymentStatusEnum, OrderFulfillmentStatusEnum } from './order-enums';
import type { NewOrder } from './order-commands';
import { AddDraftOrderInput, AddOrderInput, UpdateOrderInput } from './order.input';
import { toOrderModel } from './order.mappers';
import { OrderModel } from './order.model';
import { OrderScopes } from './order-scopes';
import type { FulfillmentStatus, ManualPaymentStatus } from './order-statuses';
import { OrdersService } from './orders.service';
import { assertSameStore } from './store-context';

function newOrder(input: AddOrderInput | AddDraftOrderInput): NewOrder {
  return {
    currencyCode: input.currencyCode,
    channelId: input.context.channelId ?? null,
    customerId: input.customerId ?? null,
    lineItems: input.lineItems ?? [],
    billing: input.billing ?? null,
    shipping: input.shipping ?? null,
    shippingAmount: input.shippingAmount ?? null,
    tags: input.tags ?? [],
    notes: input.notes ?? [],
    processedAt: input.processedAt ?? null,
  };
}

const versionArg = {
  type: () => Int,
  nullable: true,
  description: 'Refuse the write unless the order is at this version.',
};

/** Creating orders and moving them through their lifecycle; each mutation with its scope. */
@Resolver(() => OrderModel)
export class OrderLifecycleResolver {
  constructor(private readonly orders: OrdersService) {}

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

  @Mutation(() => OrderModel, { description: 'Creates a DRAFT order (a cart). Scope commerce.order:create.' })
  @RequiresScopes(OrderScopes.create)
  async addDraftOrder(
    @StoreId() storeId: string,
    @Args('input') input: AddDraftOrderInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrderModel> {
    assertSameStore(storeId, input);
    return toOrderModel(await this.orders.create(storeId, newOrder(input), true, principal));
  }

  @Mutation(() => OrderModel, { description: 'DRAFT → OPEN (needs a line). Scope commerce.order:update.' })
  @RequiresScopes(OrderScopes.update)
  async openDraftOrder(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderVersion', versionArg) orderVersion?: number | null,
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
    @Args('orderVersion', versionArg) orderVersion?: number | null,
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
    @Args('orderVersion', versionArg) orderVersion?: number | null,
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
    @Args('orderVersion', versionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.orders.updatePaymentStatus(storeId, id, status, orderVersion));
  }
}
