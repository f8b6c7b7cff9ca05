import { Field, ObjectType } from '@nestjs/graphql';
import { SimpleMoney, createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A flat price adjustment for choosing any value of an option; a price of the chosen value wins over it. */
@ObjectType('OptionPrice', {
  description:
    'A flat price adjustment for choosing any value of an option; a price of the chosen value wins over it.',
})
export class OptionPrice {
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

  @Field(() => String, { description: 'The option it prices.' })
  optionId!: string;

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

export const QueryOptionPricesConnection = createConnectionType(OptionPrice, 'QueryOptionPricesConnection', {
  totalCount: true,
});
