import { Field, ObjectType } from '@nestjs/graphql';
import { SimpleMoney, createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A price adjustment for choosing an option value. */
@ObjectType('OptionValuePrice', { description: 'A price adjustment for choosing an option value.' })
export class OptionValuePrice {
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

  @Field(() => String, { description: 'The option value it prices.' })
  optionValueId!: string;

  @Field(() => SimpleMoney, { nullable: true, description: 'Amount added to the SKU price, in minor units.' })
  amount!: SimpleMoney | null;

  @Field(() => SimpleMoney, {
    nullable: true,
    description: 'The amount before a discount ("was"), in minor units.',
  })
  compareAtValue!: SimpleMoney | null;

  /** The public graph's name of amount. */
  @Field(() => SimpleMoney, {
    description: 'Amount added to the SKU price, in minor units. (the same as amount)',
  })
  get value(): SimpleMoney | null {
    return this.amount;
  }
}

export const QueryOptionValuePricesConnection = createConnectionType(
  OptionValuePrice,
  'QueryOptionValuePricesConnection',
  { totalCount: true },
);
