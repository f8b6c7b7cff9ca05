import {
  ConfigError,
  Env,
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envPositiveInteger,
  loadPlatformConfig,
} from '@platform/config';
import { normalizeDomainName } from '../modules/domains/domain-name';
import type { RegistrySettings, RenewalSettings } from '../modules/registry/registry-settings';

/** The domains service's configuration: the platform's shared variables and the registry's. */
export interface DomainsConfig {
  readonly platform: PlatformConfig;
  readonly registry: RegistrySettings;
}

/** Names reserved by default: the RFC 2606 / 6761 examples and the platform's own. */
export const DEFAULT_RESERVED = [
  'example.com',
  'example.net',
  'example.org',
  'localhost.com',
  'developer-platform.com',
];

/** By default a second-level label of 1 to 3 characters, or one starting `taken-`, is registered elsewhere. */
export const DEFAULT_TAKEN_PATTERN = '^(?:[a-z0-9]{1,3}|taken-[a-z0-9-]*)\\.';

function list(env: Env, name: string, fallback: readonly string[]): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [...fallback];
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function hostnames(env: Env, name: string, fallback: readonly string[]): string[] {
  const values = list(env, name, fallback);
  const bad = values.find((v) => normalizeDomainName(v) !== v);
  if (bad !== undefined) throw new ConfigError(name, `must be host names separated by commas, got "${bad}"`);
  return values;
}

function pattern(env: Env, name: string, fallback: string): RegExp {
  const raw = env[name] || fallback;
  try {
    return new RegExp(raw);
  } catch {
    throw new ConfigError(name, `must be a regular expression, got "${raw}"`);
  }
}

/** The registry's settings, shared by the API and the worker. */
export function loadRegistrySettings(env: Env): RegistrySettings {
  return {
    reserved: new Set(hostnames(env, 'DOMAINS_RESERVED', DEFAULT_RESERVED)),
    takenPattern: pattern(env, 'DOMAINS_TAKEN_PATTERN', DEFAULT_TAKEN_PATTERN),
    availabilityCacheTtlSeconds: envInteger(env, 'DOMAINS_AVAILABILITY_CACHE_TTL_S', 300, 0, 86_400),
    defaultNameServers: hostnames(env, 'DOMAINS_NAME_SERVERS', [
      'ns1.sandbox.invalid',
      'ns2.sandbox.invalid',
    ]),
  };
}

/** The worker's renewal and expiry sweep. */
export function loadRenewalSettings(env: Env): RenewalSettings {
  return {
    autoRenewBeforeSeconds: envInteger(env, 'DOMAINS_AUTO_RENEW_BEFORE_S', 30 * 86_400, 0, 366 * 86_400),
    maintenanceEverySeconds: envPositiveInteger(env, 'DOMAINS_MAINTENANCE_EVERY_S', 3600),
  };
}

/**
 * The domains service's configuration, read once at start: the only reader of its environment
 * (libs/config's readers for its own variables; nothing else reads process.env).
 */
export function loadDomainsConfig(env: Env = process.env): DomainsConfig {
  return {
    platform: loadPlatformConfig({ serviceName: 'domains', defaultPort: SERVICE_PORTS.domains, env }),
    registry: loadRegistrySettings(env),
  };
}
