import { SERVICE_PORTS } from '@platform/config';
import { platformTargets } from './platform-targets';

describe('platformTargets', () => {
  const targets = platformTargets({
    databaseUrl: 'postgres://postgres@db.internal:6543/platform',
    redisUrl: 'redis://[::1]/0',
  });

  it('names the PostgreSQL of DATABASE_URL on its port', () => {
    expect(targets).toContainEqual({ host: 'db.internal', port: 6543 });
  });

  it('names the Redis of REDIS_URL on the default port when the URL has none', () => {
    expect(targets).toContainEqual({ host: '::1', port: 6379 });
  });

  it('names every service port on 127.0.0.1 and localhost', () => {
    expect(targets).toContainEqual({ host: '127.0.0.1', port: SERVICE_PORTS.hosting });
    expect(targets).toContainEqual({ host: 'localhost', port: SERVICE_PORTS.gateway });
  });
});
