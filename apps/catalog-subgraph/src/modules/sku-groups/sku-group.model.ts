import { Field, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A product: SKUs that are variants of one thing, with shared options and attributes. */
@ObjectType('SKUGroup', {
  description: 'A product: SKUs that are variants of one thing, with shared options and attributes.',
})
export class SKUGroup {
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

  @Field(() => String, { nullable: true, description: 'Long description (plain text or HTML).' })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Long description as HTML.' })
  htmlDescription!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use htmlDescription instead.' })
  get HTMLDescription(): string | null {
    return this.htmlDescription;
  }

  @Field(() => String, { nullable: true, description: 'A short label for tight spaces.' })
  shortLabel!: string | null;

  @Field(() => String, { nullable: true, description: 'PHYSICAL, DIGITAL, SERVICE or the store’s own word.' })
  type!: string | null;

  @Field(() => [String], { nullable: true, description: 'Free tags, at most 50.' })
  tags!: string[] | null;
}

export const QuerySkuGroupsConnection = createConnectionType(SKUGroup, 'QuerySkuGroupsConnection', {
  totalCount: true,
});
