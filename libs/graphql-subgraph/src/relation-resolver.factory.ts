import { Inject, Type } from '@nestjs/common';
import { Args, Field, ID, InputType, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import type { ResolverBase, ScopeSet } from './resolver-base';
import { InputArg } from './input.pipe';
import { StoreId } from './subgraph-context';

/** Most ids one relation mutation adds or removes. */
export const MAX_RELATION_IDS = 100;

/** Member ids: our own uuids (ID) or another service's opaque ids (String, e.g. catalog SKU ids). */
const MEMBER_ID = /^[A-Za-z0-9._:~-]{1,128}$/;

function capitalize(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** An input type `name` with one required list field `field: [ID!]!` (or `[String!]!`), 1 to 100 ids. */
export function createIdListInput(
  name: string,
  field: string,
  idType: 'ID' | 'String',
): Type<Record<string, string[]>> {
  @InputType(name)
  class IdListInput {}
  const prototype = IdListInput.prototype;
  Field(() => [idType === 'ID' ? ID : String], { description: `1 to ${MAX_RELATION_IDS} ids.` })(
    prototype,
    field,
  );
  IsArray()(prototype, field);
  ArrayMinSize(1)(prototype, field);
  ArrayMaxSize(MAX_RELATION_IDS)(prototype, field);
  IsString({ each: true })(prototype, field);
  MaxLength(128, { each: true })(prototype, field);
  Matches(MEMBER_ID, { each: true, message: `each of ${field} must be an id of letters, digits, . _ : ~ -` })(
    prototype,
    field,
  );
  return IdListInput as Type<Record<string, string[]>>;
}

/** Adds and removes members of one kind (rates, SKUs, lists…) of an owner; both idempotent. */
export interface RelationService<E, K extends string> {
  add(storeId: string, ownerId: string, kind: K, ids: readonly string[]): Promise<E>;
  remove(storeId: string, ownerId: string, kind: K, ids: readonly string[]): Promise<E>;
}

export interface RelationResolverOptions<E, M, K extends string> {
  readonly model: Type<M>;
  readonly service: Type<RelationService<E, K>>;
  readonly kind: K;
  /** Mutation names, verbatim (the public schema spells some oddly: addSkusGroupsToClassification). */
  readonly addName: string;
  readonly removeName: string;
  /** Argument naming the owner: classificationId, overrideId. */
  readonly ownerArg: string;
  /** Field of the input holding the ids: rateIds, skuIds… */
  readonly idsField: string;
  readonly idType: 'ID' | 'String';
  readonly toModel: (entity: E) => M;
  readonly scopes: ScopeSet;
}

/**
 * `<addName>(<ownerArg>: ID!, input: Mutation<AddName>Input!)` and its remove twin, from one
 * definition; both return the owner.
 */
export function createRelationResolver<E, M, K extends string>(
  options: RelationResolverOptions<E, M, K>,
): ResolverBase {
  const AddInput = createIdListInput(
    `Mutation${capitalize(options.addName)}Input`,
    options.idsField,
    options.idType,
  );
  const RemoveInput = createIdListInput(
    `Mutation${capitalize(options.removeName)}Input`,
    options.idsField,
    options.idType,
  );
  const { toModel, scopes, kind, idsField } = options;

  @Resolver(() => options.model, { isAbstract: true })
  abstract class RelationResolverHost {
    constructor(@Inject(options.service) private readonly relations: RelationService<E, K>) {}

    @Mutation(() => options.model, { name: options.addName, nullable: true })
    @RequiresScopes(...scopes)
    async add(
      @StoreId() storeId: string,
      @Args(options.ownerArg, { type: () => ID }) ownerId: string,
      @InputArg('input', AddInput) input: Record<string, string[]>,
    ): Promise<M> {
      return toModel(await this.relations.add(storeId, ownerId, kind, input[idsField]));
    }

    @Mutation(() => options.model, { name: options.removeName, nullable: true })
    @RequiresScopes(...scopes)
    async remove(
      @StoreId() storeId: string,
      @Args(options.ownerArg, { type: () => ID }) ownerId: string,
      @InputArg('input', RemoveInput) input: Record<string, string[]>,
    ): Promise<M> {
      return toModel(await this.relations.remove(storeId, ownerId, kind, input[idsField]));
    }
  }
  return RelationResolverHost;
}
