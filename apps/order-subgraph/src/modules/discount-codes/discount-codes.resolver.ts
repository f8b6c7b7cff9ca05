import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { SimpleMoney } from '@platform/graphql-subgraph';
import { OrderScopes } from '../order-model/order-scopes';
import { assertSameStore } from '../order-graphql/store-context';
import type { DiscountCodeEntity } from './discount-code.entity';
import { CreateDiscountCodeInput } from './discount-code.input';
import { DiscountCodeModel } from './discount-code.model';
import { DiscountCodesService } from './discount-codes.service';

function toModel(c: DiscountCodeEntity): DiscountCodeModel {
  return Object.assign(new DiscountCodeModel(), {
    id: c.id,
    code: c.code,
    name: c.name,
    amount: c.amountValue !== null && c.currencyCode ? SimpleMoney.of(c.amountValue, c.currencyCode) : null,
    ratePercentage: c.ratePercentage,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    status: c.status,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  });
}

/** The stores' discount codes: created and managed through the admin graph, applied by applyDiscountCodes. */
@Resolver(() => DiscountCodeModel)
export class DiscountCodesResolver {
  constructor(private readonly codes: DiscountCodesService) {}

  @Query(() => [DiscountCodeModel], {
    description: "The store's discount codes that are not archived, newest first. Scope commerce.order:read.",
  })
  @RequiresScopes(OrderScopes.read)
  async discountCodes(@StoreId() storeId: string): Promise<DiscountCodeModel[]> {
    return (await this.codes.list(storeId)).map(toModel);
  }

  @Mutation(() => DiscountCodeModel, {
    description:
      'Creates an ACTIVE discount code (DISCOUNT_CODE_ALREADY_EXISTS when the store has it). Scope commerce.order:create.',
  })
  @RequiresScopes(OrderScopes.create)
  async createDiscountCode(
    @StoreId() storeId: string,
    @Args('input') input: CreateDiscountCodeInput,
  ): Promise<DiscountCodeModel> {
    assertSameStore(storeId, input);
    return toModel(await this.codes.create(storeId, input));
  }

  @Mutation(() => DiscountCodeModel, {
    description: 'Stops a code from applying (DISCOUNT_CODE_DISABLED). Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async disableDiscountCode(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DiscountCodeModel> {
    return toModel(await this.codes.setStatus(storeId, id, 'DISABLED'));
  }

  @Mutation(() => DiscountCodeModel, {
    description: 'Lets a disabled code apply again. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async enableDiscountCode(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DiscountCodeModel> {
    return toModel(await this.codes.setStatus(storeId, id, 'ACTIVE'));
  }

  @Mutation(() => DiscountCodeModel, {
    description:
      'Archives a code: no longer listed or applied, and its code may be created again. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async archiveDiscountCode(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DiscountCodeModel> {
    return toModel(await this.codes.setStatus(storeId, id, 'ARCHIVED'));
  }
}
