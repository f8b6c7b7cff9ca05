import { Field, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A place that holds inventory (a warehouse, a shop). */
@ObjectType('Location', { description: 'A place that holds inventory (a warehouse, a shop).' })
export class Location {
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

  @Field(() => String, { nullable: true, description: 'Street address.' })
  addressLine1!: string | null;

  @Field(() => String, { nullable: true, description: 'City.' })
  city!: string | null;

  @Field(() => String, { nullable: true, description: 'Postal code.' })
  postalCode!: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code.' })
  countryCode!: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Commits may take available stock below zero (backorders).',
  })
  allowNegativeInventory!: boolean | null;
}

export const QueryLocationsConnection = createConnectionType(Location, 'QueryLocationsConnection', {
  totalCount: true,
});
