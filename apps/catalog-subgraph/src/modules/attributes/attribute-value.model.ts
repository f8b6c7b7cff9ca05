import { Field, Int, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** One value of an attribute (Cotton). */
@ObjectType('AttributeValue', { description: 'One value of an attribute (Cotton).' })
export class AttributeValue {
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

  @Field(() => String, { description: 'The attribute this value belongs to.' })
  attributeId!: string;

  @Field(() => Int, { nullable: true, description: 'Order among the attribute’s values.' })
  position!: number | null;
}

export const QueryAttributeValuesConnection = createConnectionType(
  AttributeValue,
  'QueryAttributeValuesConnection',
  { totalCount: true },
);
