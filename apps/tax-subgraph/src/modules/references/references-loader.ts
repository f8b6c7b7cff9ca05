import {
  type Loader,
  LoaderRegistry,
  Reference,
  ReferenceRecord,
  ReferencesService,
} from '@platform/graphql-subgraph';

/**
 * The request's loader of `<typeName>.references`, batched per request: the field and the
 * delete mutation's preload (preloadReferences) share it.
 */
export function referencesLoader(
  loaders: LoaderRegistry,
  typeName: string,
  references: ReferencesService<unknown>,
  storeId: string,
): Loader<string, ReferenceRecord[]> {
  return loaders.get<string, ReferenceRecord[]>(`references:${typeName}`, (ids) =>
    references.forOwners(storeId, ids),
  );
}

/** `<X>.references` of one owner, sorted by name. */
export async function referencesOf(
  loaders: LoaderRegistry,
  typeName: string,
  references: ReferencesService<unknown>,
  storeId: string,
  ownerId: string,
): Promise<Reference[]> {
  const rows = (await referencesLoader(loaders, typeName, references, storeId).load(ownerId)) ?? [];
  return rows.map((r) => Object.assign(new Reference(), { id: r.id, name: r.name, value: r.value }));
}

/** Reads the references of `ownerId` into the request's loader, before a delete removes them. */
export async function preloadReferences(
  loaders: LoaderRegistry,
  typeName: string,
  references: ReferencesService<unknown>,
  storeId: string,
  ownerId: string,
): Promise<void> {
  await referencesLoader(loaders, typeName, references, storeId).load(ownerId);
}
