import { randomUUID } from 'node:crypto';
import { createTestDatabase, TestDatabase } from '@platform/testing';
import { DataSource } from 'typeorm';
import { ChannelListener } from '../src/channel-listener';

/** Resolves with the first value pushed through `subscribe` that `accept` takes. */
function waitFor<T>(
  subscribe: (push: (value: T) => void) => void,
  accept: (value: T) => boolean,
): Promise<T> {
  return new Promise((resolve) => subscribe((value) => accept(value) && resolve(value)));
}

describe('ChannelListener (real Postgres)', () => {
  let db: TestDatabase;
  let sender: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('channel-listener');
    sender = await new DataSource({ type: 'postgres', url: db.url, poolSize: 2 }).initialize();
  });

  afterAll(async () => {
    await sender?.destroy();
    await db?.drop();
  });

  it('hands each notification over, opens a lost connection again and says it listens again', async () => {
    const applicationName = `channel-listener-${randomUUID().slice(0, 8)}`;
    const payloads: ((payload: string | undefined) => void)[] = [];
    let listening = 0;
    const listeningAgain: (() => void)[] = [];
    const listener = new ChannelListener({
      databaseUrl: db.url,
      applicationName,
      channel: 'channel_listener_test',
      retryMs: 20,
      onNotification: (payload) => payloads.forEach((push) => push(payload)),
      onListening: () => {
        listening += 1;
        listeningAgain.forEach((done) => done());
      },
    });
    try {
      await listener.start();
      expect(listening).toBe(1);
      const first = waitFor<string | undefined>(
        (push) => payloads.push(push),
        (p) => p === 'one',
      );
      await sender.query(`SELECT pg_notify('channel_listener_test', 'one')`);
      await expect(first).resolves.toBe('one');

      const again = new Promise<void>((resolve) => listeningAgain.push(resolve));
      await sender.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      await again;
      expect(listening).toBe(2);
      const second = waitFor<string | undefined>(
        (push) => payloads.push(push),
        (p) => p === 'two',
      );
      await sender.query(`SELECT pg_notify('channel_listener_test', 'two')`);
      await expect(second).resolves.toBe('two');
    } finally {
      await listener.stop();
    }
    const [{ count }] = await sender.query(
      'SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    expect(count).toBe(0);
  });

  it('rejects a start it cannot make and does not try again once stopped', async () => {
    let failures = 0;
    const listener = new ChannelListener({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      applicationName: 'channel-listener-refused',
      channel: 'channel_listener_test',
      retryMs: 60_000,
      onNotification: () => undefined,
      onRetryFailed: () => (failures += 1),
    });
    await expect(listener.start()).rejects.toThrow();
    await listener.stop();
    expect(failures).toBe(0);
  });
});
