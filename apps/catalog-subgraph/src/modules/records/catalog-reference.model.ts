import { Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * An external reference as the public storefront graph reads it (`Reference { id origin value }`),
 * with our `name` too. Its own type: the lib's `Reference` is shared with the tax subgraph, whose
 * copy has no `origin` (a shareable type must resolve the same fields in every subgraph).
 */
@ObjectType('CatalogReference', { description: 'A record’s id in an external system.' })
export class CatalogReference {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The external system (the same as name).' })
  origin!: string;

  @Field({ description: 'The external system, unique per record.' })
  name!: string;

  @Field({ description: "The record's id in that system." })
  value!: string;
}
