import DataLoader from 'dataloader';

/**
 * Request-scoped batching with `dataloader`: every `load(key)` made while one GraphQL execution
 * step resolves its sibling fields is collected and answered by ONE call of the batch function
 * (DataLoader dispatches after the current chain of promise jobs, so resolvers that reach `load`
 * through Nest's guards and pipes still share a batch); results are memoised for the rest of the
 * request; a failed batch rejects each of its keys and is not cached, so the next `load` retries.
 * Each request gets its own loaders through its GraphQL context (`LoaderRegistry`), so nothing
 * leaks between callers or tenants (docs/graphql.md, "DataLoader").
 */

/** Answers many keys at once: a Map from key to value; keys missing from it resolve to `undefined`. */
export type BatchFunction<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

/** DataLoader's own options a loader may set; `maxBatchSize` defaults to 500 here (larger sets are split). */
export type LoaderOptions<K> = Pick<DataLoader.Options<K, unknown, unknown>, 'maxBatchSize' | 'cacheKeyFn'>;

/**
 * A request's loader: `load` resolves a key the batch did not answer to `undefined`. DataLoader's
 * `loadMany` resolves a failed key to its Error instead of rejecting; `Promise.all(keys.map(load))`
 * fails as a whole.
 */
export type Loader<K, V> = DataLoader<K, V | undefined, unknown>;

const DEFAULT_MAX_BATCH_SIZE = 500;

/**
 * The loaders of one request, created on first use by name; lives in the GraphQL context. With a
 * `deadline` (the request's AbortSignal), no batch starts once it has fired: each of the batch's
 * keys rejects with the signal's reason, so an operation past its deadline stops fetching at the
 * next level instead of running on (docs/graphql.md, "Limits").
 */
export class LoaderRegistry {
  private readonly loaders = new Map<string, Loader<unknown, unknown>>();

  constructor(private readonly deadline?: AbortSignal) {}

  /**
   * The request's loader named `name`, created with `batch` the first time. Use one name per
   * batch function (e.g. 'owner-by-id'); the tenant id is part of what `batch` closes over.
   */
  get<K, V>(name: string, batch: BatchFunction<K, V>, options: LoaderOptions<K> = {}): Loader<K, V> {
    let loader = this.loaders.get(name) as Loader<K, V> | undefined;
    if (!loader) {
      loader = new DataLoader<K, V | undefined, unknown>(
        async (keys) => {
          this.deadline?.throwIfAborted();
          const found = await batch(keys);
          return keys.map((key) => found.get(key));
        },
        {
          maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
          cacheKeyFn: options.cacheKeyFn,
          name,
        },
      );
      this.loaders.set(name, loader as Loader<unknown, unknown>);
    }
    return loader;
  }
}

/** Groups rows by a key, for batch functions that answer one-to-many relations. */
export function groupBy<K, T>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
