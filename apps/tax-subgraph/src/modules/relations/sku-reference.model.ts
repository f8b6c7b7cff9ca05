import { Directive, Field, ObjectType } from '@nestjs/graphql';

/**
 * The catalog's SKU, by reference only: the catalog subgraph owns and resolves it (one batched
 * `_entities` fetch per request at the gateway). `id` is `String!` as in the catalog's
 * `sku(id: String!)` and in the order subgraph's stub, or composition fails on the mismatch.
 */
@ObjectType('SKU')
@Directive('@key(fields: "id", resolvable: false)')
export class SkuReference {
  @Field()
  id!: string;

  static of(id: string): SkuReference {
    return Object.assign(new SkuReference(), { id });
  }
}
