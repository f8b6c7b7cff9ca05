import type { ConnectionArgs, LoaderRegistry, Page } from '@platform/graphql-subgraph';

/**
 * What every store-scoped tax record's service offers its resolver: store-scoped reads and
 * writes of entities `E` (no GraphQL types; the resolver maps to the model).
 */
export interface CrudService<E, C, U, L extends ConnectionArgs> {
  get(storeId: string, id: string): Promise<E>;
  list(storeId: string, args: L): Promise<Page<E>>;
  create(storeId: string, input: C): Promise<E>;
  update(storeId: string, id: string, input: U): Promise<E>;
  delete(storeId: string, id: string): Promise<void>;
}

/** Activate/deactivate of records with an ACTIVE/INACTIVE status (both idempotent). */
export interface StatusService<E> {
  setStatus(storeId: string, id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<E>;
}

/**
 * Reads the relation fields of a record about to be deleted into the request's loaders, so that
 * the fields resolved on the answer find them there instead of reading rows the deletion removed.
 */
export type LastStateReader = (storeId: string, id: string, loaders: LoaderRegistry) => Promise<void>;

/**
 * What every `delete<X>(id)` does: answers the record as it was just before, its relation fields
 * included. The record is read, its relations are read into the request's loaders (`lastState`),
 * then it is deleted.
 */
export async function deleteAsItWas<E, M extends { id: string }>(
  records: Pick<CrudService<E, unknown, unknown, ConnectionArgs>, 'get' | 'delete'>,
  toModel: (entity: E) => M,
  request: { storeId: string; id: string; loaders: LoaderRegistry },
  lastState?: LastStateReader,
): Promise<M> {
  const { storeId, id, loaders } = request;
  const deleted = toModel(await records.get(storeId, id));
  await lastState?.(storeId, deleted.id, loaders);
  await records.delete(storeId, id);
  return deleted;
}
