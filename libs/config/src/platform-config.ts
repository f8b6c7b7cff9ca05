import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, Env, integer, oneOf, positiveNumber, url } from './env-readers';

/** The validated configuration every service shares (ARCHITECTURE.md, fixed contract 3). */
export interface PlatformConfig {
  readonly serviceName: string;
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Prefix of every Redis key the process writes (rate limits, queues); tests isolate themselves with it. */
  readonly redisKeyPrefix: string;
  readonly rateLimit: {
    readonly credentialLimit: number;
    readonly credentialWindowSeconds: number;
    readonly ipMultiplier: number;
  };
  /** 32-byte key for secrets at rest. */
  readonly secretsEncryptionKey: Buffer;
  /** `auto`: the service applies its migrations at boot; `job`: a separate Job does, the service only checks. */
  readonly migrations: 'auto' | 'job';
  readonly logLevel: string;
  readonly dbPoolSize: number;
  /** How long a query waits for a pooled connection before the request fails (503 with Retry-After). */
  readonly dbPoolTimeoutMs: number;
  /**
   * How long a resolved token is served from the in-process cache at most (docs/decisions.md,
   * "Tokens"); revocations evict at once through Redis, this bounds staleness when a message is
   * lost. 0 turns the cache off.
   */
  readonly tokenCacheTtlMs: number;
  /**
   * A worker's queue dashboard (Bull Board at /queues, docs/reliability.md "Queue dashboard"):
   * served only when a password is set, behind HTTP Basic `admin:<password>`, read-only unless
   * writable.
   */
  readonly queueDashboard: {
    readonly password?: string;
    readonly writable: boolean;
  };
  /** Graceful stop on SIGTERM (docs/reliability.md, "Graceful shutdown"). */
  readonly shutdown: {
    /** How long readiness answers 503 before the listener closes, so load balancers drop the endpoint. */
    readonly delayMs: number;
    /** How long in-flight requests and active jobs get after that before the process gives up (exit 1). */
    readonly graceMs: number;
  };
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/platform';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface LoadConfigOptions {
  serviceName: string;
  defaultPort: number;
  /** Environment to read; defaults to process.env. */
  env?: Env;
  /** Where a generated development key is kept; defaults to `<cwd>/.data/secrets-encryption.key`. */
  devKeyFile?: string;
  /** Called once when a development key was generated or read, so the caller can log it. */
  onDevKey?: (file: string) => void;
  /**
   * false for a process that keeps no secrets (the gateway): no key is read or generated and
   * `secretsEncryptionKey` is empty, so any attempt to encrypt with it fails loudly.
   */
  secrets?: boolean;
}

function encryptionKey(opts: LoadConfigOptions, env: Env): Buffer {
  const raw = env.SECRETS_ENCRYPTION_KEY;
  if (raw) {
    const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32)
      throw new ConfigError('SECRETS_ENCRYPTION_KEY', 'must be 32 bytes, hex (64 chars) or base64');
    return key;
  }
  const file = opts.devKeyFile ?? join(process.cwd(), '.data', 'secrets-encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  (opts.onDevKey ?? warnDevKey)(file);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

/** Development key files this process warned about: one warning however often configuration is loaded. */
const warnedDevKeys = new Set<string>();
let devKeyWarnings = true;

/**
 * For a process that is not a service (the admin CLI, whose output is its one JSON object): the
 * development key is used without the warning, which the services give when they start.
 * `onDevKey` callbacks are still called.
 */
export function silenceDevKeyWarning(): void {
  devKeyWarnings = false;
}

/**
 * The default `onDevKey`: a warning on stderr, once per process and key file (in single-process
 * mode every service loads its configuration in the same process), and none after
 * silenceDevKeyWarning.
 */
function warnDevKey(file: string): void {
  if (!devKeyWarnings || warnedDevKeys.has(file)) return;
  warnedDevKeys.add(file);
  process.stderr.write(
    JSON.stringify({
      level: 'warn',
      message: `SECRETS_ENCRYPTION_KEY is unset: using the development key in ${file}`,
    }) + '\n',
  );
}

/** QUEUE_DASHBOARD_PASSWORD: unset or empty turns the dashboard off; a set one has 12 characters at least. */
function dashboardPassword(env: Env): string | undefined {
  const raw = env.QUEUE_DASHBOARD_PASSWORD;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 12) throw new ConfigError('QUEUE_DASHBOARD_PASSWORD', 'must have 12 characters at least');
  return raw;
}

/** Reads and validates the environment once; the only reader of process.env in a service. */
export function loadPlatformConfig(opts: LoadConfigOptions): PlatformConfig {
  const env = opts.env ?? process.env;
  const migrations = env.MIGRATIONS ?? 'auto';
  if (migrations !== 'auto' && migrations !== 'job')
    throw new ConfigError('MIGRATIONS', `must be auto or job, got "${migrations}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of fatal, error, warn, info, debug, trace, silent, got "${logLevel}"`,
    );
  }
  const redisKeyPrefix = env.REDIS_KEY_PREFIX ?? 'dp';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(redisKeyPrefix))
    throw new ConfigError('REDIS_KEY_PREFIX', 'must be 1 to 64 of A-Z a-z 0-9 _ . -');
  return {
    serviceName: opts.serviceName,
    port: integer(env, 'PORT', opts.defaultPort, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: url(env, 'DATABASE_URL', DEFAULT_DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', DEFAULT_REDIS_URL, ['redis:', 'rediss:']),
    redisKeyPrefix,
    rateLimit: {
      credentialLimit: integer(env, 'RATE_LIMIT_CREDENTIAL_LIMIT', 600, 1, 1_000_000_000),
      credentialWindowSeconds: integer(env, 'RATE_LIMIT_CREDENTIAL_WINDOW_S', 1380, 1, 31_536_000),
      ipMultiplier: positiveNumber(env, 'RATE_LIMIT_IP_MULTIPLIER', 1),
    },
    secretsEncryptionKey: opts.secrets === false ? Buffer.alloc(0) : encryptionKey(opts, env),
    migrations,
    logLevel,
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10, 1, 200),
    dbPoolTimeoutMs: integer(env, 'DB_POOL_TIMEOUT_MS', 5000, 100, 120_000),
    tokenCacheTtlMs: integer(env, 'AUTH_TOKEN_CACHE_TTL_MS', 5000, 0, 60_000),
    queueDashboard: {
      password: dashboardPassword(env),
      writable: oneOf(env, 'QUEUE_DASHBOARD_WRITABLE', ['true', 'false'], 'false') === 'true',
    },
    shutdown: {
      delayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 600_000),
      graceMs: integer(env, 'SHUTDOWN_GRACE_MS', 20_000, 0, 3_600_000),
    },
  };
}
