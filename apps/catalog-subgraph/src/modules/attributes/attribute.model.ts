import { Field, Int, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A descriptive property of SKUs (Material, Brand). */
@ObjectType('Attribute', { description: 'A descriptive property of SKUs (Material, Brand).' })
export class Attribute {
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

  @Field(() => Int, { nullable: true, description: 'Order among the group’s attributes.' })
  position!: number | null;

  @Field(() => String, { nullable: true, description: 'TEXT, NUMBER, BOOLEAN or the store’s own word.' })
  type!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Storefronts may filter by it.' })
  filterable!: boolean | null;
}

export const QueryAttributesConnection = createConnectionType(Attribute, 'QueryAttributesConnection', {
  totalCount: true,
});
