/**
 * In-process, per-key mutual exclusion: `runExclusive(key, task)` starts `task` once every task
 * given earlier for the same key has settled (fulfilled or rejected), so tasks of one key run one
 * at a time in call order while tasks of different keys run concurrently. A task's rejection
 * reaches its own caller only; the next task of the key runs all the same. The map holds only
 * keys with a task queued or running: a key's entry goes when its last task settles, before that
 * task's caller resumes. The lock of one process only: across processes see withSessionLock.
 *
 * Why no library: none that the project depends on does this. async-mutex, await-lock and p-mutex
 * are one lock per instance (a map of them needs this same clean-up of idle keys), and async-lock,
 * the keyed one, rejects a task once 1000 are queued for a key and brings timeouts and domain
 * re-entrance with it, behaviour the callers here never had.
 */
export class KeyedMutex {
  /** Per key, a promise that settles (never rejects) when the key's last queued task has settled. */
  private readonly tails = new Map<string, Promise<void>>();

  async runExclusive<T>(key: string, task: () => T | PromiseLike<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const run = previous.then(() => task());
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** True while a task of `key` is queued or running. */
  isLocked(key: string): boolean {
    return this.tails.has(key);
  }

  /** How many keys have a task queued or running. */
  get size(): number {
    return this.tails.size;
  }
}
