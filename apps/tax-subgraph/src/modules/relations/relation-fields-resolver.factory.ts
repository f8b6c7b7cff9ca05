import { Type } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { type Loader, LoaderRegistry, Loaders, ResolverBase, StoreId } from '@platform/graphql-subgraph';
import { Rate, toRate } from '../rates/rate.model';
import type { RateEntity } from '../rates/rate.entity';
import { OwnerMembers, OwnerRelations } from './owner-relations.service';
import { SkuReference } from './sku-reference.model';

const NO_MEMBERS: OwnerMembers = { skuIds: [], skuGroupIds: [], listIds: [] };

/** The request's loader of `<Owner>.rates` (`name` as given to createRelationFieldsResolver). */
export function ownerRatesLoader(
  loaders: LoaderRegistry,
  name: string,
  links: OwnerRelations<unknown>,
  storeId: string,
): Loader<string, RateEntity[]> {
  return loaders.get<string, RateEntity[]>(`${name}:rates`, (ids) => links.ratesOf(storeId, ids));
}

/** The request's loader of the catalog members of owners, shared by their four member fields. */
export function ownerMembersLoader(
  loaders: LoaderRegistry,
  name: string,
  links: OwnerRelations<unknown>,
  storeId: string,
): Loader<string, OwnerMembers> {
  return loaders.get<string, OwnerMembers>(`${name}:members`, (ids) => links.membersOf(storeId, ids));
}

/**
 * `<Owner>.rates`, `.skuIds`, `.skus`, `.skuGroupIds`, `.listIds` for classifications and
 * overrides, each batched per request (one query per field per request, whatever the number of
 * owners; the member fields share one). `skus` are references the catalog subgraph resolves.
 */
export function createRelationFieldsResolver<M extends { id: string }>(
  name: string,
  model: Type<M>,
  relations: Type<OwnerRelations<unknown>>,
): ResolverBase {
  @Resolver(() => model, { isAbstract: true })
  abstract class RelationFieldsHost {
    constructor(@Inject(relations) private readonly links: OwnerRelations<unknown>) {}

    @ResolveField('rates', () => [Rate], { description: 'Rates, in the order they were added.' })
    async rates(
      @Parent() owner: M,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<Rate[]> {
      return ((await ownerRatesLoader(loaders, name, this.links, storeId).load(owner.id)) ?? []).map(toRate);
    }

    @ResolveField('skuIds', () => [String], { description: 'Catalog SKU ids.' })
    async skuIds(
      @Parent() owner: M,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<string[]> {
      return (await this.members(owner, storeId, loaders)).skuIds;
    }

    @ResolveField('skus', () => [SkuReference], {
      description:
        'The catalog SKUs of `skuIds`, in the same order (resolved by the catalog subgraph through the gateway).',
    })
    async skus(
      @Parent() owner: M,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<SkuReference[]> {
      return (await this.members(owner, storeId, loaders)).skuIds.map(SkuReference.of);
    }

    @ResolveField('skuGroupIds', () => [String], { description: 'Catalog SKU group ids.' })
    async skuGroupIds(
      @Parent() owner: M,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<string[]> {
      return (await this.members(owner, storeId, loaders)).skuGroupIds;
    }

    @ResolveField('listIds', () => [String], { description: 'Catalog list ids.' })
    async listIds(
      @Parent() owner: M,
      @StoreId() storeId: string,
      @Loaders() loaders: LoaderRegistry,
    ): Promise<string[]> {
      return (await this.members(owner, storeId, loaders)).listIds;
    }

    private async members(owner: M, storeId: string, loaders: LoaderRegistry): Promise<OwnerMembers> {
      return (await ownerMembersLoader(loaders, name, this.links, storeId).load(owner.id)) ?? NO_MEMBERS;
    }
  }
  return RelationFieldsHost;
}
