import { Args, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/graphql-subgraph';
import {
  AddLineItemInput,
  AddOrderDiscountInput,
  AddOrderNoteInput,
  UpdateLineItemByIdInput,
} from './order.input';
import { toLineItemModel, toNoteModel, toOrderModel } from './order.mappers';
import { LineItemModel, OrderModel, OrderNoteModel } from './order.model';
import { OrderContentsService } from './order-contents.service';
import { OrderScopes } from './order-scopes';
import { assertSameStore } from './store-context';

const versionArg = {
  type: () => Int,
  nullable: true,
  description: 'Refuse the write unless the order is at this version.',
};

/** Line items, order discounts and notes; all scope commerce.order:update. */
@Resolver(() => OrderModel)
export class OrderContentsResolver {
  constructor(private readonly contents: OrderContentsService) {}

  @Mutation(() => LineItemModel, {
    description: 'Adds a line (caller-priced) to a DRAFT or OPEN order. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async addLineItemBySkuId(
    @StoreId() storeId: string,
    @Args('input') input: AddLineItemInput,
  ): Promise<LineItemModel> {
    assertSameStore(storeId, input);
    const { order, lineItem } = await this.contents.addLineItem(
      storeId,
      input.orderId,
      input.lineItem,
      input.orderVersion,
    );
    return toLineItemModel(lineItem, order.currencyCode);
  }

  @Mutation(() => LineItemModel, {
    description: 'Changes a line of a DRAFT or OPEN order. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async updateLineItemById(
    @StoreId() storeId: string,
    @Args('input') input: UpdateLineItemByIdInput,
  ): Promise<LineItemModel> {
    assertSameStore(storeId, input);
    const patch = {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.quantity != null ? { quantity: input.quantity } : {}),
      ...(input.unitAmount != null ? { unitAmount: input.unitAmount } : {}),
      ...(input.discountAmount !== undefined ? { discountAmount: input.discountAmount } : {}),
      ...(input.taxAmount !== undefined ? { taxAmount: input.taxAmount } : {}),
      ...(input.fulfillmentMode != null ? { fulfillmentMode: input.fulfillmentMode } : {}),
      ...(input.status != null ? { status: input.status } : {}),
    };
    const { order, lineItem } = await this.contents.updateLineItem(
      storeId,
      input.orderId,
      input.id,
      patch,
      input.orderVersion,
    );
    return toLineItemModel(lineItem, order.currencyCode);
  }

  @Mutation(() => OrderModel, {
    description: 'Removes a line; returns the order with its new totals. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async deleteLineItemById(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('orderVersion', versionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.contents.deleteLineItem(storeId, orderId, id, orderVersion));
  }

  @Mutation(() => OrderModel, {
    description: 'Adds an order-level discount of a fixed amount. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async addDiscount(
    @StoreId() storeId: string,
    @Args('input') input: AddOrderDiscountInput,
  ): Promise<OrderModel> {
    assertSameStore(storeId, input);
    return toOrderModel(await this.contents.addDiscount(storeId, input.orderId, input, input.orderVersion));
  }

  @Mutation(() => OrderModel, {
    description: 'Removes an order-level discount. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async removeDiscount(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('orderVersion', versionArg) orderVersion?: number | null,
  ): Promise<OrderModel> {
    return toOrderModel(await this.contents.removeDiscount(storeId, orderId, id, orderVersion));
  }

  @Mutation(() => OrderNoteModel, {
    description: 'Adds a note to an order that is not archived. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async addNote(
    @StoreId() storeId: string,
    @Args('input') input: AddOrderNoteInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrderNoteModel> {
    assertSameStore(storeId, input);
    const { note } = await this.contents.addNote(storeId, input.orderId, input, principal);
    return toNoteModel(note);
  }

  @Mutation(() => OrderModel, { description: 'Deletes a note. Scope commerce.order:update.' })
  @RequiresScopes(OrderScopes.update)
  async deleteNote(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderId', { type: () => ID }) orderId: string,
  ): Promise<OrderModel> {
    return toOrderModel(await this.contents.deleteNote(storeId, orderId, id));
  }
}
