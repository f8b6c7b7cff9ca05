import { queueConnectionOptions } from './queue-connection';

const config = (redisUrl: string) => ({ redisUrl, redisKeyPrefix: 'dp', serviceName: 'mailboxes' });

describe('queueConnectionOptions', () => {
  it('reads host, port, database, credentials and TLS from REDIS_URL', () => {
    expect(queueConnectionOptions(config('rediss://worker:p%40ss@redis.internal:6380/2'))).toEqual({
      host: 'redis.internal',
      port: 6380,
      db: 2,
      username: 'worker',
      password: 'p@ss',
      tls: {},
      connectionName: 'mailboxes:queue',
      maxRetriesPerRequest: null,
    });
  });

  it('defaults to port 6379 and database 0 and accepts an IPv6 host', () => {
    expect(queueConnectionOptions(config('redis://[::1]'))).toMatchObject({ host: '::1', port: 6379, db: 0 });
  });

  it('sets no ioredis keyPrefix (BullMQ namespaces keys with its own prefix) and no per-request retry limit', () => {
    const options = queueConnectionOptions(config('redis://127.0.0.1:6379'));

    expect(options.keyPrefix).toBeUndefined();
    expect(options.maxRetriesPerRequest).toBeNull();
  });
});
