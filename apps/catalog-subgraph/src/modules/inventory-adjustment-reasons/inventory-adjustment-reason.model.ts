import { Field, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** Why stock changed (damaged, recount, return), named on inventory adjustments. */
@ObjectType('InventoryAdjustmentReason', {
  description: 'Why stock changed (damaged, recount, return), named on inventory adjustments.',
})
export class InventoryAdjustmentReason {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => CatalogStatus)
  status!: CatalogStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When archive<X> archived it.' })
  archivedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its status last became ACTIVE.' })
  activatedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Long description.' })
  description!: string | null;
}

export const QueryInventoryAdjustmentReasonsConnection = createConnectionType(
  InventoryAdjustmentReason,
  'QueryInventoryAdjustmentReasonsConnection',
  { totalCount: true },
);
