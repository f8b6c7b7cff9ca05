import { Field, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A navigation hierarchy of lists. */
@ObjectType('ListTree', { description: 'A navigation hierarchy of lists.' })
export class ListTree {
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

  @Field(() => String, { nullable: true, description: 'Long description as HTML.' })
  htmlDescription!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use htmlDescription instead.' })
  get HTMLDescription(): string | null {
    return this.htmlDescription;
  }
}

export const QueryListTreesConnection = createConnectionType(ListTree, 'QueryListTreesConnection', {
  totalCount: true,
});
