import { KeyedMutex } from './keyed-mutex';

/** A promise settled from outside, to hold a task open while the test looks. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void; fail: (error: Error) => void } {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const ticks = async (n = 5): Promise<void> => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('KeyedMutex', () => {
  it('runs the tasks of one key one at a time, in call order', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const first = gate();
    const a = mutex.runExclusive('k', async () => {
      log.push('a:start');
      await first.promise;
      log.push('a:end');
      return 'a';
    });
    const b = mutex.runExclusive('k', async () => {
      log.push('b:start');
      return 'b';
    });
    const c = mutex.runExclusive('k', () => {
      log.push('c:start');
      return 'c';
    });
    await ticks();
    expect(log).toEqual(['a:start']);
    first.open();
    await expect(Promise.all([a, b, c])).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'c:start']);
  });

  it('runs tasks of different keys concurrently', async () => {
    const mutex = new KeyedMutex();
    const held = gate();
    const started: string[] = [];
    const x = mutex.runExclusive('x', async () => {
      started.push('x');
      await held.promise;
    });
    const y = mutex.runExclusive('y', async () => {
      started.push('y');
    });
    await y;
    expect(started).toEqual(['x', 'y']);
    expect(mutex.isLocked('x')).toBe(true);
    expect(mutex.isLocked('y')).toBe(false);
    held.open();
    await x;
  });

  it('hands a rejection to its own caller only, and runs the next task of the key', async () => {
    const mutex = new KeyedMutex();
    const failing = gate();
    const a = mutex.runExclusive('k', () => failing.promise);
    const b = mutex.runExclusive('k', async () => 'after');
    const c = mutex.runExclusive('k', () => {
      throw new Error('sync throw');
    });
    const d = mutex.runExclusive('k', async () => 'last');
    failing.fail(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    await expect(b).resolves.toBe('after');
    await expect(c).rejects.toThrow('sync throw');
    await expect(d).resolves.toBe('last');
    expect(mutex.size).toBe(0);
  });

  it('holds a key while a task is queued or running, and forgets it once the last one settles', async () => {
    const mutex = new KeyedMutex();
    const held = gate();
    const a = mutex.runExclusive('k', () => held.promise);
    expect(mutex.isLocked('k')).toBe(true); // at once, before the task starts
    const b = mutex.runExclusive('k', async () => undefined);
    expect(mutex.size).toBe(1);
    held.open();
    await a;
    expect(mutex.isLocked('k')).toBe(true); // b is still queued
    await b;
    expect(mutex.isLocked('k')).toBe(false); // gone before b's caller resumes
    expect(mutex.size).toBe(0);
  });

  it('does not grow with the number of keys used', async () => {
    const mutex = new KeyedMutex();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        mutex
          .runExclusive(`key-${i % 20}`, async () => {
            await Promise.resolve();
            if (i % 7 === 0) throw new Error(`task ${i}`);
            return i;
          })
          .catch(() => undefined),
      ),
    );
    expect(mutex.size).toBe(0);
  });
});
