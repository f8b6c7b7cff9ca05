import { LoaderRegistry, groupBy } from './loader-registry';

function squares() {
  const calls: number[][] = [];
  const loader = new LoaderRegistry().get<number, number>(
    'squares',
    async (keys) => {
      calls.push([...keys]);
      return new Map(keys.filter((k) => k >= 0).map((k) => [k, k * k]));
    },
    { maxBatchSize: 3 },
  );
  return { loader, calls };
}

describe('LoaderRegistry loaders', () => {
  it('answers the loads of one tick with one batch call', async () => {
    const { loader, calls } = squares();
    await expect(Promise.all([loader.load(1), loader.load(2), loader.load(3)])).resolves.toEqual([1, 4, 9]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('batches loads that arrive through chains of promise jobs (resolvers behind guards and pipes)', async () => {
    const { loader, calls } = squares();
    const viaMicrotasks = async (key: number) => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return loader.load(key);
    };
    await Promise.all([viaMicrotasks(1), loader.load(2), viaMicrotasks(3)]);
    expect(calls).toEqual([[2, 1, 3]]);
  });

  it('memoises a key for the life of the loader and de-duplicates within a batch', async () => {
    const { loader, calls } = squares();
    await Promise.all([loader.load(2), loader.load(2)]);
    await loader.load(2);
    expect(calls).toEqual([[2]]);
  });

  it('resolves keys the batch did not answer to undefined', async () => {
    const { loader } = squares();
    await expect(loader.loadMany([-1, 4])).resolves.toEqual([undefined, 16]);
  });

  it('splits batches above maxBatchSize', async () => {
    const { loader, calls } = squares();
    await loader.loadMany([1, 2, 3, 4, 5]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('splits batches above 500 keys by default', async () => {
    const sizes: number[] = [];
    const loader = new LoaderRegistry().get<number, number>('ids', async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    });
    await Promise.all(Array.from({ length: 1001 }, (_, i) => loader.load(i)));
    expect(sizes).toEqual([500, 500, 1]);
  });

  it('rejects every key of a failed batch and retries them on the next load', async () => {
    let fail = true;
    const loader = new LoaderRegistry().get<string, string>('upper', async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    await expect(Promise.all([loader.load('a'), loader.load('b')])).rejects.toThrow('database down');
    fail = false;
    await expect(loader.load('a')).resolves.toBe('A');
  });
});

describe('LoaderRegistry', () => {
  it('gives the same loader for a name within one registry and a fresh one in another', () => {
    const batch = async () => new Map<string, string>();
    const one = new LoaderRegistry();
    expect(one.get('x', batch)).toBe(one.get('x', batch));
    expect(new LoaderRegistry().get('x', batch)).not.toBe(one.get('x', batch));
  });

  it('starts no batch once its deadline has fired: every key rejects with the deadline reason', async () => {
    const deadline = new AbortController();
    const calls: number[][] = [];
    const loader = new LoaderRegistry(deadline.signal).get<number, number>('ids', async (keys) => {
      calls.push([...keys]);
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(loader.load(1)).resolves.toBe(1);
    const reason = new Error('past the deadline');
    deadline.abort(reason);
    await expect(Promise.all([loader.load(2), loader.load(3)])).rejects.toBe(reason);
    expect(calls).toEqual([[1]]);
  });
});

describe('groupBy', () => {
  it('groups rows by key in input order', () => {
    expect(
      groupBy(
        [
          { k: 1, v: 'a' },
          { k: 2, v: 'b' },
          { k: 1, v: 'c' },
        ],
        (r) => r.k,
      ),
    ).toEqual(
      new Map([
        [
          1,
          [
            { k: 1, v: 'a' },
            { k: 1, v: 'c' },
          ],
        ],
        [2, [{ k: 2, v: 'b' }]],
      ]),
    );
  });
});
