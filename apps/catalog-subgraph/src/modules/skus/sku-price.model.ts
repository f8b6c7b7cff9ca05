import { Field, Int, ObjectType } from '@nestjs/graphql';
import { SimpleMoney, createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A price of a SKU beyond its default (per channel, per quantity). */
@ObjectType('SKUPrice', { description: 'A price of a SKU beyond its default (per channel, per quantity).' })
export class SKUPrice {
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

  @Field(() => String, { description: 'The SKU it prices.' })
  skuId!: string;

  @Field(() => SimpleMoney, { nullable: true, description: 'The price, in minor units.' })
  amount!: SimpleMoney | null;

  @Field(() => SimpleMoney, {
    nullable: true,
    description: 'The price before a discount ("was"), in minor units.',
  })
  compareAtValue!: SimpleMoney | null;

  @Field(() => String, { nullable: true, description: 'The channel it applies to; none: every channel.' })
  channelId!: string | null;

  @Field(() => Int, { nullable: true, description: 'Smallest quantity it applies to.' })
  minQuantity!: number | null;

  /** The public graph's name of amount. */
  @Field(() => SimpleMoney, { description: 'The price, in minor units. (the same as amount)' })
  get value(): SimpleMoney | null {
    return this.amount;
  }
}

export const QuerySkuPricesConnection = createConnectionType(SKUPrice, 'QuerySkuPricesConnection', {
  totalCount: true,
});
