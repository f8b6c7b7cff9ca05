import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal, Principal, RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { lineChangeOf } from '../../order-graphql/order-input.mappers';
import {
  AddLineItemInput,
  AddOrderDiscountInput,
  AddOrderNoteInput,
  ApplyDiscountCodesInput,
  UpdateLineItemByIdInput,
  orderVersionArg,
} from '../../order-graphql/order.input';
import { toLineItemModel, toNoteModel, toOrderModel } from '../../order-graphql/order.mappers';
import { LineItemModel, OrderModel, OrderNoteModel } from '../../order-graphql/order.model';
import { OrderPathKind, assertCartContext, assertSameStore } from '../../order-graphql/store-context';
import type { OrderPath } from '../../order-model/order-commands';
import { OrderScopes } from '../../order-model/order-scopes';
import { StorefrontCartService } from '../../storefront-cart/storefront-cart.service';
import { OrderContentsService } from './order-contents.service';

/** Line items (the storefront cart operations), order discounts, discount codes and notes; all scope commerce.order:update. */
@Resolver(() => OrderModel)
export class OrderContentsResolver {
  constructor(
    private readonly contents: OrderContentsService,
    private readonly cart: StorefrontCartService,
  ) {}

  @Mutation(() => LineItemModel, {
    description:
      "Adds a catalog SKU to a cart, priced from the catalog's current price (SKU_NOT_FOUND, SKU_NOT_PURCHASABLE); updateQuantity adds to a line of the same SKU and choices. Storefront path: DRAFT orders only (ORDER_NOT_DRAFT). Scope commerce.order:update.",
  })
  @RequiresScopes(OrderScopes.update)
  async addLineItemBySkuId(
    @StoreId() storeId: string,
    @OrderPathKind() path: OrderPath,
    @Args('input') input: AddLineItemInput,
  ): Promise<LineItemModel> {
    assertCartContext(storeId, input, path);
    const { order, lineItem } = await this.cart.addLine(storeId, path, input, input.orderVersion);
    return toLineItemModel(lineItem, order.currencyCode);
  }

  @Mutation(() => LineItemModel, {
    description:
      'Changes a line (a new skuId is priced from the catalog). Storefront path: DRAFT orders only, no client prices. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async updateLineItemById(
    @StoreId() storeId: string,
    @OrderPathKind() path: OrderPath,
    @Args('input') input: UpdateLineItemByIdInput,
  ): Promise<LineItemModel> {
    assertCartContext(storeId, input, path);
    const { order, lineItem } = await this.cart.updateLine(
      storeId,
      path,
      input.orderId,
      lineChangeOf(input),
      input.orderVersion,
    );
    return toLineItemModel(lineItem, order.currencyCode);
  }

  @Mutation(() => Boolean, {
    description: 'Removes a line (true) and re-derives the totals. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async deleteLineItemById(
    @StoreId() storeId: string,
    @OrderPathKind() path: OrderPath,
    @Args('id', { type: () => ID }) id: string,
    @Args('orderId', { type: () => ID }) orderId: string,
    @Args('orderVersion', orderVersionArg) orderVersion?: number | null,
  ): Promise<boolean> {
    await this.cart.deleteLine(storeId, path, orderId, id, orderVersion);
    return true;
  }

  @Mutation(() => OrderModel, {
    description:
      "Applies the store's discount codes to a DRAFT order, all or nothing (DISCOUNT_CODE_NOT_FOUND, _EXPIRED, _NOT_YET_VALID, _DISABLED); a code already applied is not applied again. Scope commerce.order:update.",
  })
  @RequiresScopes(OrderScopes.update)
  async applyDiscountCodes(
    @StoreId() storeId: string,
    @OrderPathKind() path: OrderPath,
    @Args('input') input: ApplyDiscountCodesInput,
  ): Promise<OrderModel> {
    assertCartContext(storeId, input, path);
    return toOrderModel(
      await this.cart.applyCodes(
        storeId,
        'storefront',
        input.orderId,
        input.discountCodes,
        input.orderVersion,
      ),
    );
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
    @Args('orderVersion', orderVersionArg) orderVersion?: number | null,
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
