import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';
import { createConnectionType } from '@platform/graphql-subgraph';
import type { ClassificationEntity } from './classification.entity';

/**
 * A federation entity: another subgraph (catalog) refers to it as
 * `type Classification @key(fields: "id", resolvable: false) { id: ID! }` and the gateway
 * resolves the rest here.
 */
@ObjectType('Classification', {
  description: 'A tax class of goods; its rates apply to the lines classified in it.',
})
@Directive('@key(fields: "id")')
export class Classification {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique in the store.' })
  name!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

export const QueryClassificationsConnection = createConnectionType(
  Classification,
  'QueryClassificationsConnection',
);

export function toClassification(entity: ClassificationEntity): Classification {
  return Object.assign(new Classification(), {
    id: entity.id,
    name: entity.name,
    label: entity.label,
    description: entity.description,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  });
}
