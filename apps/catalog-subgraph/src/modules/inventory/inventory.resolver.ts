import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import {
  ArgsOf,
  ConnectionShape,
  InputArg,
  LoaderRegistry,
  Loaders,
  SubgraphErrors,
  toCountedConnection,
} from '@platform/graphql-subgraph';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKU } from '../skus/sku.model';
import { INVENTORY_COUNT_TYPES, InventoryCountType } from './inventory-type-count.entity';
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

function isInventoryCountType(type: string): type is InventoryCountType {
  return (INVENTORY_COUNT_TYPES as readonly string[]).includes(type);
}

/**
 * inventoryCount, inventoryCounts (and InventoryCount.sku), inventoryAdjustment, inventoryAdjustments; stockInventory,
 * commitInventory, releaseInventory, adjustInventory. Every mutation returns the adjustments it
 * wrote (one today), as the public catalog schema does; read the resulting levels with
 * inventoryCount.
 */
@Resolver(() => InventoryCount)
export class InventoryResolver {
  constructor(
    private readonly inventory: InventoryService,
    private readonly records: CatalogRecordsService,
  ) {}

  @Query(() => [InventoryCount], {
    nullable: true,
    description:
      'The counts of a SKU at a location by type (AVAILABLE, COMMITTED, ON_HAND), or only `type`; ' +
      'empty when none was ever stocked or committed there.',
  })
  @RequiresScopes(...CATALOG_READ)
  async inventoryCount(
    @StoreId() storeId: string,
    @Args('locationId', { type: () => String }) locationId: string,
    @Args('skuId', { type: () => String }) skuId: string,
    @Args('type', { type: () => String, nullable: true }) type?: string | null,
  ): Promise<InventoryCount[]> {
    if (type != null && !isInventoryCountType(type))
      throw SubgraphErrors.badField(
        ['type'],
        'INVALID_VALUE',
        `type must be one of ${INVENTORY_COUNT_TYPES.join(', ')}`,
        type,
      );
    return (await this.inventory.count(storeId, locationId, skuId, type)).map(toInventoryCount);
  }

  @ResolveField('sku', () => SKU, { nullable: true, description: 'The SKU counted.' })
  async sku(
    @Parent() count: InventoryCount,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<SKU | null> {
    const loader = loaders.get<string, CatalogRecordEntity>(`entity:${SKU_KIND.kind}`, (ids) =>
      this.records.byIds(storeId, SKU_KIND.kind, ids),
    );
    const row = await loader.load(count.skuId);
    return row ? toRecordModel(SKU, SKU_KIND, row) : null;
  }

  @ResolveField('SKU', () => SKU, { nullable: true, deprecationReason: 'Use `sku` instead.' })
  async deprecatedSku(
    @Parent() count: InventoryCount,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<SKU | null> {
    return this.sku(count, storeId, loaders);
  }

  @Query(() => QueryInventoryCountsConnection, {
    nullable: true,
    description: "The store's inventory counts by type, oldest first, keyset-paged.",
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
