/** The environment a process reads its configuration from. */
export type Env = Record<string, string | undefined>;

/** Thrown when the environment holds a bad value; its message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** An integer variable within [min, max], or `fallback` when unset. */
export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** An integer of 1 or more, or `fallback` when unset. */
export function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value <= 0)
    throw new ConfigError(name, `must be a positive integer, got "${raw}"`);
  return value;
}

export function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(name, `must be a positive number, got "${raw}"`);
  return value;
}

export function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** One of `values`, or `fallback` when unset. */
export function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw))
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

/** A value that matches `pattern` (`fallback` when unset); `what` names the form in the error. */
export function matching(env: Env, name: string, fallback: string, pattern: RegExp, what: string): string {
  const value = env[name] || fallback;
  if (!pattern.test(value)) throw new ConfigError(name, `must be ${what}, got "${value}"`);
  return value;
}

/**
 * `<SERVICE>_URL` of another platform service (`DOMAINS_URL`, `COMMERCE_REST_URL`): http(s), by
 * default that service on this host at its SERVICE_PORTS port, as `npm start` runs it.
 */
export function serviceUrl(env: Env, name: string, defaultPort: number): string {
  return url(env, name, `http://127.0.0.1:${defaultPort}`, ['http:', 'https:']);
}
