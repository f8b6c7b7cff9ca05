import { ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { InventoryAdjustmentReason } from '../inventory-adjustment-reasons/inventory-adjustment-reason.model';
import type { Metafield } from '../records/metafield.model';
import { InventoryAdjustmentReasonMetafieldsConnection } from './record-connections.model';
import { noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/** The fields of InventoryAdjustmentReason beyond its columns: `metafields`. Each is batched per request. */
@Resolver(() => InventoryAdjustmentReason)
export class InventoryAdjustmentReasonFieldsResolver {
  @ResolveField('metafields', () => InventoryAdjustmentReasonMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }
}
