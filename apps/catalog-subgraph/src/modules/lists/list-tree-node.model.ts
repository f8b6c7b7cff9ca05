import { Field, Int, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import { CatalogStatus } from '../records/record-filters';

/** A node of a list tree; its children and lists are relations. */
@ObjectType('ListTreeNode', { description: 'A node of a list tree; its children and lists are relations.' })
export class ListTreeNode {
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

  @Field(() => String, { description: 'The tree this node belongs to.' })
  listTreeId!: string;

  @Field(() => Int, { nullable: true, description: 'Order among its siblings.' })
  position!: number | null;
}

export const QueryListTreeNodesConnection = createConnectionType(
  ListTreeNode,
  'QueryListTreeNodesConnection',
  { totalCount: true },
);
