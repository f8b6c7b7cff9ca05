import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { INVENTORY_ADJUSTMENT_REASON_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  InventoryAdjustmentReasonListArgs,
  MutationArchiveInventoryAdjustmentReasonInput,
  MutationCreateInventoryAdjustmentReasonInput,
  MutationUpdateInventoryAdjustmentReasonInput,
} from './inventory-adjustment-reason.input';
import {
  InventoryAdjustmentReason,
  QueryInventoryAdjustmentReasonsConnection,
} from './inventory-adjustment-reason.model';

/**
 * InventoryAdjustmentReason records: `inventoryAdjustmentReason(id)`,
 * `inventoryAdjustmentReasons(…)`, `createInventoryAdjustmentReason`,
 * `updateInventoryAdjustmentReason`, `archiveInventoryAdjustmentReason`.
 */
@Resolver(() => InventoryAdjustmentReason)
export class InventoryAdjustmentReasonResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => InventoryAdjustmentReason, {
    name: 'inventoryAdjustmentReason',
    nullable: true,
    description: 'One InventoryAdjustmentReason of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async inventoryAdjustmentReason(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<InventoryAdjustmentReason> {
    return toRecordModel(
      InventoryAdjustmentReason,
      INVENTORY_ADJUSTMENT_REASON_KIND,
      await this.records.get(storeId, INVENTORY_ADJUSTMENT_REASON_KIND.kind, id),
    );
  }

  @Query(() => QueryInventoryAdjustmentReasonsConnection, {
    name: 'inventoryAdjustmentReasons',
    nullable: true,
    description: "The store's InventoryAdjustmentReason records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async inventoryAdjustmentReasons(
    @StoreId() storeId: string,
    @ArgsOf(InventoryAdjustmentReasonListArgs) args: InventoryAdjustmentReasonListArgs,
  ): Promise<ConnectionShape<InventoryAdjustmentReason>> {
    return toCountedConnection(
      await this.records.list(storeId, INVENTORY_ADJUSTMENT_REASON_KIND, args ?? {}),
      (row) => toRecordModel(InventoryAdjustmentReason, INVENTORY_ADJUSTMENT_REASON_KIND, row),
    );
  }

  @Mutation(() => InventoryAdjustmentReason, { name: 'createInventoryAdjustmentReason', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createInventoryAdjustmentReason(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateInventoryAdjustmentReasonInput)
    input: MutationCreateInventoryAdjustmentReasonInput,
  ): Promise<InventoryAdjustmentReason> {
    return toRecordModel(
      InventoryAdjustmentReason,
      INVENTORY_ADJUSTMENT_REASON_KIND,
      await this.records.create(storeId, INVENTORY_ADJUSTMENT_REASON_KIND, input),
    );
  }

  /** The record is named by `input.id`, as the public graph's InventoryAdjustmentReason mutations do. */
  @Mutation(() => InventoryAdjustmentReason, { name: 'updateInventoryAdjustmentReason', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateInventoryAdjustmentReason(
    @StoreId() storeId: string,
    @InputArg('input', MutationUpdateInventoryAdjustmentReasonInput)
    input: MutationUpdateInventoryAdjustmentReasonInput,
  ): Promise<InventoryAdjustmentReason> {
    const { id, ...fields } = input;
    return toRecordModel(
      InventoryAdjustmentReason,
      INVENTORY_ADJUSTMENT_REASON_KIND,
      await this.records.update(storeId, INVENTORY_ADJUSTMENT_REASON_KIND, id, fields),
    );
  }

  @Mutation(() => InventoryAdjustmentReason, {
    name: 'archiveInventoryAdjustmentReason',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveInventoryAdjustmentReason(
    @StoreId() storeId: string,
    @InputArg('input', MutationArchiveInventoryAdjustmentReasonInput)
    input: MutationArchiveInventoryAdjustmentReasonInput,
  ): Promise<InventoryAdjustmentReason> {
    return toRecordModel(
      InventoryAdjustmentReason,
      INVENTORY_ADJUSTMENT_REASON_KIND,
      await this.records.archive(storeId, INVENTORY_ADJUSTMENT_REASON_KIND, input.id),
    );
  }
}
