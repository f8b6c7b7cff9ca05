import { type Loader, LoaderRegistry, ReferencesService } from '@platform/graphql-subgraph';
import type { RateEntity } from '../rates/rate.entity';
import { Rate, toRate } from '../rates/rate.model';
import type { LastStateReader } from '../records/crud';
import { preloadReferences } from '../references/references-loader';
import { OwnerMembers, OwnerRelations } from './owner-relations.service';

// The relation fields of classifications and overrides (`rates`, `skuIds`, `skus`, `skuGroupIds`,
// `listIds`), each batched per request: one query per field per request, whatever the number of
// owners; the member fields share one. `owner` names the loaders: `classification`, `override`.

const NO_MEMBERS: OwnerMembers = { skuIds: [], skuGroupIds: [], listIds: [] };

/** The request's loader of `<Owner>.rates`. */
export function ownerRatesLoader(
  loaders: LoaderRegistry,
  owner: string,
  links: OwnerRelations<unknown>,
  storeId: string,
): Loader<string, RateEntity[]> {
  return loaders.get<string, RateEntity[]>(`${owner}:rates`, (ids) => links.ratesOf(storeId, ids));
}

/** The request's loader of the catalog members of owners, shared by their four member fields. */
export function ownerMembersLoader(
  loaders: LoaderRegistry,
  owner: string,
  links: OwnerRelations<unknown>,
  storeId: string,
): Loader<string, OwnerMembers> {
  return loaders.get<string, OwnerMembers>(`${owner}:members`, (ids) => links.membersOf(storeId, ids));
}

/** `<Owner>.rates` of one owner, in the order they were added. */
export async function ratesOfOwner(
  loaders: LoaderRegistry,
  owner: string,
  links: OwnerRelations<unknown>,
  storeId: string,
  ownerId: string,
): Promise<Rate[]> {
  return ((await ownerRatesLoader(loaders, owner, links, storeId).load(ownerId)) ?? []).map(toRate);
}

/** The catalog members of one owner (`skuIds`, `skuGroupIds`, `listIds`). */
export async function membersOfOwner(
  loaders: LoaderRegistry,
  owner: string,
  links: OwnerRelations<unknown>,
  storeId: string,
  ownerId: string,
): Promise<OwnerMembers> {
  return (await ownerMembersLoader(loaders, owner, links, storeId).load(ownerId)) ?? NO_MEMBERS;
}

/**
 * What `delete<Owner>` reads before the rows go: the owner's references (`typeName`: `Override`),
 * rates and catalog members, into the loaders its answer's fields use.
 */
export function ownerLastState(
  typeName: string,
  owner: string,
  references: ReferencesService<unknown>,
  links: OwnerRelations<unknown>,
): LastStateReader {
  return async (storeId, ownerId, loaders) => {
    await Promise.all([
      preloadReferences(loaders, typeName, references, storeId, ownerId),
      ownerRatesLoader(loaders, owner, links, storeId).load(ownerId),
      ownerMembersLoader(loaders, owner, links, storeId).load(ownerId),
    ]);
  };
}
