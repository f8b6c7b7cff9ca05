// Runs once per Jest run: checks that the real PostgreSQL and Redis the suites use answer, so a
// stopped server fails fast with one clear line instead of thirty timeouts.
const net = require('node:net');

function probe(url, fallbackPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || fallbackPort) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

module.exports = async function globalSetup() {
  process.env.TZ = 'UTC';
  // Names the run's pool of test databases (test-database.ts); the workers inherit it. Every
  // project of a multi-project run calls this: the first one sets it.
  process.env.PLATFORM_TEST_RUN ??= require('node:crypto').randomBytes(6).toString('hex');
  const pg =
    process.env.TEST_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const redis = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const [pgUp, redisUp] = await Promise.all([probe(pg, 5432), probe(redis, 6379)]);
  const missing = [];
  if (!pgUp)
    missing.push(
      `PostgreSQL at ${pg} (start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start)`,
    );
  if (!redisUp)
    missing.push(
      `Redis at ${redis} (start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "")`,
    );
  if (missing.length) throw new Error(`tests need real servers; not answering: ${missing.join('; ')}`);
};
