/**
 * Request-scoped batching (the DataLoader pattern, without the dependency): every `load(key)`
 * made while one GraphQL execution step resolves its sibling fields is collected and answered by
 * ONE call of the batch function; results are memoised for the rest of the request. Each request
 * gets its own loaders through its GraphQL context (`LoaderRegistry`), so nothing leaks between
 * callers or stores (docs/graphql.md, "DataLoader").
 */

/** Answers many keys at once: a Map from key to value; keys missing from it resolve to `undefined`. */
export type BatchFunction<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

export interface BatchLoaderOptions<K> {
  /** Largest batch handed to the batch function; larger sets are split. Default 500. */
  readonly maxBatchSize?: number;
  /** Cache key of a key; defaults to the key itself (use for object keys). */
  readonly cacheKey?: (key: K) => unknown;
}

interface Pending<K, V> {
  readonly key: K;
  readonly resolve: (value: V | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Dispatches after the current chain of promise jobs has run (like DataLoader): the resolvers
 * of one execution level reach `load` through Nest's guards and pipes in microtasks, so they all
 * land in the same batch.
 */
function afterPromiseJobs(fn: () => void): void {
  void Promise.resolve().then(() => process.nextTick(fn));
}

export class BatchLoader<K, V> {
  private readonly cache = new Map<unknown, Promise<V | undefined>>();
  private queue: Pending<K, V>[] = [];
  private readonly maxBatchSize: number;
  private readonly cacheKey: (key: K) => unknown;
  /** Batch function calls made so far (for tests and metrics). */
  batches = 0;

  constructor(
    private readonly batch: BatchFunction<K, V>,
    options: BatchLoaderOptions<K> = {},
  ) {
    this.maxBatchSize = options.maxBatchSize ?? 500;
    this.cacheKey = options.cacheKey ?? ((key) => key);
  }

  load(key: K): Promise<V | undefined> {
    const cacheKey = this.cacheKey(key);
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      if (this.queue.length === 0) afterPromiseJobs(() => this.dispatch());
      this.queue.push({ key, resolve, reject });
    });
    this.cache.set(cacheKey, promise);
    return promise;
  }

  loadMany(keys: readonly K[]): Promise<(V | undefined)[]> {
    return Promise.all(keys.map((key) => this.load(key)));
  }

  /** Forgets a key (after a mutation changed it within the same request). */
  clear(key: K): void {
    this.cache.delete(this.cacheKey(key));
  }

  private dispatch(): void {
    const queue = this.queue;
    this.queue = [];
    for (let start = 0; start < queue.length; start += this.maxBatchSize) {
      void this.run(queue.slice(start, start + this.maxBatchSize));
    }
  }

  private async run(pending: readonly Pending<K, V>[]): Promise<void> {
    this.batches++;
    try {
      const values = await this.batch(pending.map((p) => p.key));
      for (const p of pending) p.resolve(values.get(p.key));
    } catch (error) {
      // A failed batch is not cached: the next request for these keys tries again.
      for (const p of pending) {
        this.cache.delete(this.cacheKey(p.key));
        p.reject(error);
      }
    }
  }
}

/** The loaders of one request, created on first use by name; lives in the GraphQL context. */
export class LoaderRegistry {
  private readonly loaders = new Map<string, BatchLoader<unknown, unknown>>();

  /**
   * The request's loader named `name`, created with `batch` the first time. Use one name per
   * batch function (e.g. 'jurisdiction-by-id'); the store id is part of what `batch` closes over.
   */
  get<K, V>(name: string, batch: BatchFunction<K, V>, options?: BatchLoaderOptions<K>): BatchLoader<K, V> {
    let loader = this.loaders.get(name) as BatchLoader<K, V> | undefined;
    if (!loader) {
      loader = new BatchLoader(batch, options);
      this.loaders.set(name, loader as BatchLoader<unknown, unknown>);
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
