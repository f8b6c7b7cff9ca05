import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  ConnectionShape,
  InputArg,
  StoreId,
  SubgraphErrors,
  toCountedConnection,
} from '@platform/graphql-subgraph';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import {
  MutationAdjustInventoryInput,
  MutationCommitInventoryInput,
  MutationCreateInventoryAdjustmentInput,
  MutationReleaseInventoryInput,
  MutationStockInventoryInput,
  QueryInventoryAdjustmentsArgs,
  QueryInventoryCountsArgs,
} from './inventory.input';
import {
  InventoryAdjustment,
  InventoryAdjustmentType,
  InventoryCount,
  QueryInventoryAdjustmentsConnection,
  QueryInventoryCountsConnection,
  toInventoryAdjustment,
  toInventoryCount,
} from './inventory.model';
import { InventoryService } from './inventory.service';

/**
 * inventoryCount, inventoryCounts, inventoryAdjustment, inventoryAdjustments; stockInventory,
 * commitInventory, releaseInventory, adjustInventory. Every mutation returns the adjustments it
 * wrote (one today), as the public catalog schema does; read the resulting levels with
 * inventoryCount.
 */
@Resolver(() => InventoryCount)
export class InventoryResolver {
  constructor(private readonly inventory: InventoryService) {}

  @Query(() => InventoryCount, {
    nullable: true,
    description: 'Stock of a SKU at a location; null when none was ever stocked or committed there.',
  })
  @RequiresScopes(...CATALOG_READ)
  async inventoryCount(
    @StoreId() storeId: string,
    @Args('locationId', { type: () => String }) locationId: string,
    @Args('skuId', { type: () => String }) skuId: string,
  ): Promise<InventoryCount | null> {
    const count = await this.inventory.count(storeId, locationId, skuId);
    return count ? toInventoryCount(count) : null;
  }

  @Query(() => QueryInventoryCountsConnection, {
    nullable: true,
    description: "The store's inventory counts by SKU then location, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async inventoryCounts(
    @StoreId() storeId: string,
    @ArgsOf(QueryInventoryCountsArgs) args: QueryInventoryCountsArgs,
  ): Promise<ConnectionShape<InventoryCount>> {
    return toCountedConnection(await this.inventory.counts(storeId, args ?? {}), toInventoryCount);
  }

  @Query(() => InventoryAdjustment, { nullable: true, description: 'One inventory adjustment of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async inventoryAdjustment(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<InventoryAdjustment> {
    return toInventoryAdjustment(await this.inventory.adjustment(storeId, id));
  }

  @Query(() => QueryInventoryAdjustmentsConnection, {
    nullable: true,
    description: "The store's inventory adjustments, oldest first, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async inventoryAdjustments(
    @StoreId() storeId: string,
    @ArgsOf(QueryInventoryAdjustmentsArgs) args: QueryInventoryAdjustmentsArgs,
  ): Promise<ConnectionShape<InventoryAdjustment>> {
    return toCountedConnection(await this.inventory.adjustments(storeId, args ?? {}), toInventoryAdjustment);
  }

  @Mutation(() => InventoryAdjustment, {
    nullable: true,
    description:
      "The public graph's generic adjustment: STOCK as stockInventory, ADJUST as adjustInventory (same " +
      'rules and errors); returns the adjustment written.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async createInventoryAdjustment(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateInventoryAdjustmentInput) input: MutationCreateInventoryAdjustmentInput,
  ): Promise<InventoryAdjustment> {
    const { locationId, skuId, quantity, reasonId } = input;
    if (input.type === InventoryAdjustmentType.ADJUST)
      return toInventoryAdjustment(
        (
          await this.inventory.adjust(storeId, {
            locationId,
            skuId,
            delta: quantity,
            reasonId: String(reasonId),
          })
        )[0],
      );
    if (quantity < 1)
      throw SubgraphErrors.badField(
        ['input', 'quantity'],
        'INVALID_VALUE',
        'quantity of a STOCK adjustment must be 1 or more',
      );
    return toInventoryAdjustment(
      (await this.inventory.stock(storeId, { locationId, skuId, quantity, reasonId }))[0],
    );
  }

  @Mutation(() => [InventoryAdjustment], {
    nullable: true,
    description: 'Adds received units to on hand; returns the STOCK adjustment.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async stockInventory(
    @StoreId() storeId: string,
    @InputArg('input', MutationStockInventoryInput) input: MutationStockInventoryInput,
  ): Promise<InventoryAdjustment[]> {
    return (await this.inventory.stock(storeId, input)).map(toInventoryAdjustment);
  }

  @Mutation(() => [InventoryAdjustment], {
    nullable: true,
    description:
      'Reserves units (committed goes up, available down) until releaseInventory or expiry; returns the ' +
      'COMMIT adjustment, whose reservationId releases it. INSUFFICIENT_INVENTORY when fewer units are ' +
      'available, unless the location allows negative inventory.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async commitInventory(
    @StoreId() storeId: string,
    @InputArg('input', MutationCommitInventoryInput) input: MutationCommitInventoryInput,
  ): Promise<InventoryAdjustment[]> {
    return (await this.inventory.commit(storeId, input)).map(toInventoryAdjustment);
  }

  @Mutation(() => [InventoryAdjustment], {
    nullable: true,
    description:
      'Gives an active reservation back; returns the RELEASE adjustment. RESERVATION_NOT_ACTIVE once ' +
      'it was released or expired.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async releaseInventory(
    @StoreId() storeId: string,
    @InputArg('input', MutationReleaseInventoryInput) input: MutationReleaseInventoryInput,
  ): Promise<InventoryAdjustment[]> {
    return (await this.inventory.release(storeId, input.reservationId)).map(toInventoryAdjustment);
  }

  @Mutation(() => [InventoryAdjustment], {
    nullable: true,
    description:
      'Corrects on hand by delta with a reason; returns the ADJUST adjustment. A decrease below committed ' +
      'is INSUFFICIENT_INVENTORY unless the location allows negative inventory.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async adjustInventory(
    @StoreId() storeId: string,
    @InputArg('input', MutationAdjustInventoryInput) input: MutationAdjustInventoryInput,
  ): Promise<InventoryAdjustment[]> {
    return (await this.inventory.adjust(storeId, input)).map(toInventoryAdjustment);
  }
}
