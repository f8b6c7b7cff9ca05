import { Field, Int, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** One value of an option (Small, Red). */
@ObjectType('OptionValue', { description: 'One value of an option (Small, Red).' })
export class OptionValue {
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

  @Field(() => String, { description: 'The option this value belongs to.' })
  optionId!: string;

  @Field(() => Int, { nullable: true, description: 'Order among the option’s values.' })
  position!: number | null;

  @Field(() => String, { nullable: true, description: 'Colour or image reference for swatches.' })
  swatch!: string | null;
}

export const QueryOptionValuesConnection = createConnectionType(OptionValue, 'QueryOptionValuesConnection', {
  totalCount: true,
});
