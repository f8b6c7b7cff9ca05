import { resolve } from 'node:path';
import {
  ConfigError,
  Env,
  envInteger,
  envUrl,
  PlatformConfig,
  SERVICE_PORTS,
  ServiceName,
  loadPlatformConfig,
  loadPlatformHosts,
} from '@platform/config';
import { SUBGRAPHS, SubgraphDefinition } from '../modules/graphql/subgraphs';
import { CUSTOM_DOMAINS_PREFIX, type CustomDomainRouting } from '../routes/custom-domains';
import { assertValidRouteTable } from '../routes/route-prefix';
import type { RouteBodyLimits, RouteErrorFamily } from '../modules/proxy/body-limits';
import { DEFAULT_MAX_BODY_BYTES, ROUTE_TABLE, ServiceRoute, defaultServiceUrl } from '../routes/route-table';

/** Injection token of the GatewayConfig. */
export const GATEWAY_CONFIG = Symbol.for('gateway.config');

export interface UpstreamWorker {
  readonly name: string;
  /** Base URL of the worker's port; readiness is `GET <healthUrl>/health/ready`. */
  readonly healthUrl: string;
  /** Path prefixes proxied to `healthUrl` (the route table's worker prefixes); usually none. */
  readonly prefixes: readonly string[];
}

/** One service the gateway fronts: where it is, which prefixes go to it, which workers it has. */
export interface Upstream {
  readonly service: ServiceName;
  readonly prefixes: readonly string[];
  /** Origin of the service (`http://host:port`, no path). */
  readonly url: string;
  readonly workers: readonly UpstreamWorker[];
  /** The service's error shape: the gateway's own refusals on its paths (413) use it. */
  readonly errorFamily: RouteErrorFamily;
  /** The gateway's body limits of the service's paths (its workers' paths have none). */
  readonly bodyLimits: RouteBodyLimits;
}

/** Where the gateway sends a subgraph's fetches at run time (may hold a `{storeId}` segment). */
export interface SubgraphEndpoint {
  readonly name: string;
  readonly url: string;
}

export interface GatewayConfig {
  readonly platform: PlatformConfig;
  readonly upstreams: readonly Upstream[];
  readonly subgraphs: readonly SubgraphEndpoint[];
  /** The composed supergraph; when the file does not exist, POST /graphql answers 503. */
  readonly supergraphFile: string;
  /** How long /healthz waits for each service and worker. */
  readonly healthzTimeoutMs: number;
  /** Limits of every call to a service (proxied REST paths, subgraph fetches); past them, 504. */
  readonly upstreamTimeouts: UpstreamTimeouts;
  /** Browser clients (docs/gateway.md, "HTTP semantics"); `null`: CORS off, nothing added. */
  readonly cors: CorsSettings | null;
  /** Response compression (br, gzip) of what the client accepts. */
  readonly compression: CompressionSettings;
  /**
   * Requests whose Host is not the platform's own go to the worker that claims
   * `/hosted-domains` (docs/gateway.md, "Custom domains"); null when no row claims it.
   */
  readonly customDomains: CustomDomainRouting | null;
}

export interface CorsSettings {
  /** `*` (any origin, `Access-Control-Allow-Origin: *`) or the exact origins allowed. */
  readonly allowedOrigins: '*' | readonly string[];
  /** How long a browser may cache a preflight's answer (CORS_MAX_AGE_S, default 600). */
  readonly maxAgeSec: number;
}

export interface CompressionSettings {
  /** Smallest body compressed, bytes (COMPRESSION_MIN_BYTES, default 1024). */
  readonly minBytes: number;
}

/**
 * How long an idle connection to a service stays in the gateway's pools (REST proxy and subgraph
 * fetches): well below the services' own keep-alive timeout (Fastify's 72 s), so the gateway never
 * sends a request on a connection the service is closing.
 */
export const UPSTREAM_KEEP_ALIVE_MS = 4000;

export interface UpstreamTimeouts {
  /** To open a connection (UPSTREAM_CONNECT_TIMEOUT_MS, default 5000). */
  readonly connectMs: number;
  /** For the answer's headers once the request is sent, and between its body's chunks (UPSTREAM_RESPONSE_TIMEOUT_MS, default 30000). */
  readonly responseMs: number;
}

export interface LoadGatewayConfigOptions {
  /** Environment to read; defaults to process.env. */
  readonly env?: Record<string, string | undefined>;
  /** Defaults to ROUTE_TABLE; tests pass their own. */
  readonly routeTable?: readonly ServiceRoute[];
  /** Defaults to SUBGRAPHS. */
  readonly subgraphs?: readonly SubgraphDefinition[];
}

/** Next to src/ in the source tree and in the build output (the build writes both). */
const DEFAULT_SUPERGRAPH_FILE = resolve(__dirname, '../../supergraph.graphql');

/**
 * CORS_ALLOWED_ORIGINS: unset or empty → CORS off; `*` → any origin; else a comma-separated list
 * of origins (`scheme://host[:port]`, no path), each matched exactly as browsers send `Origin`.
 */
function corsSettings(env: Env): CorsSettings | null {
  const name = 'CORS_ALLOWED_ORIGINS';
  const raw = (env[name] ?? '').trim();
  const maxAgeSec = envInteger(env, 'CORS_MAX_AGE_S', 600, 0, 86_400);
  if (raw === '') return null;
  if (raw === '*') return { allowedOrigins: '*', maxAgeSec };
  const origins = raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new ConfigError(name, `"${origin}" is not an origin (scheme://host[:port]) nor "*"`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin)
      throw new ConfigError(
        name,
        `"${origin}" must be an origin exactly as browsers send it (scheme://host[:port], no path or trailing slash), or "*" alone`,
      );
  }
  return { allowedOrigins: origins, maxAgeSec };
}

/** `countries` + `events` → `COUNTRIES_EVENTS_HEALTH_URL`. */
export function workerHealthEnv(service: string, worker: string): string {
  return `${service}_${worker}_HEALTH_URL`.toUpperCase().replace(/-/g, '_');
}

function originUrl(env: Env, name: string, fallback: string): string {
  const raw = envUrl(env, name, fallback, ['http:', 'https:']);
  const parsed = new URL(raw);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError(
      name,
      `must be an origin (scheme://host:port) without path, query or credentials, got "${raw}"`,
    );
  }
  return parsed.origin;
}

/**
 * Reads and validates the gateway's environment once; the only reader of process.env in the
 * gateway. Besides the platform's variables: `<urlEnv>` of every route-table row (default
 * `defaultServiceUrl`), `<SERVICE>_<WORKER>_HEALTH_URL` (default `http://127.0.0.1:<port>`),
 * `SUPERGRAPH_FILE`, `HEALTHZ_TIMEOUT_MS` (2000), `UPSTREAM_CONNECT_TIMEOUT_MS` (5000),
 * `UPSTREAM_RESPONSE_TIMEOUT_MS` (30000), `CORS_ALLOWED_ORIGINS` (unset: off), `CORS_MAX_AGE_S`
 * (600), `COMPRESSION_MIN_BYTES` (1024), and PUBLIC_BASE_URL / PLATFORM_HOST_NAMES (the platform's
 * own host names; any other Host is a custom domain's).
 */
export function loadGatewayConfig(options: LoadGatewayConfigOptions = {}): GatewayConfig {
  const env = options.env ?? process.env;
  const routeTable = options.routeTable ?? ROUTE_TABLE;
  const subgraphs = options.subgraphs ?? SUBGRAPHS;
  assertValidRouteTable(routeTable);

  const upstreams: Upstream[] = routeTable.map((route) => ({
    service: route.service,
    prefixes: route.prefixes,
    url: originUrl(env, route.urlEnv, defaultServiceUrl(route.service)),
    errorFamily: route.errorFamily ?? 'domains',
    bodyLimits: {
      maxBodyBytes: route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      largeBodies: route.largeBodies ?? [],
    },
    workers: route.workers.map((worker) => {
      const variable = workerHealthEnv(route.service, worker.name);
      return {
        name: worker.name,
        healthUrl: originUrl(env, variable, `http://127.0.0.1:${worker.port}`),
        prefixes: worker.prefixes ?? [],
      };
    }),
  }));

  const subgraphEndpoints = subgraphs.map((subgraph) => {
    const upstream = upstreams.find((u) => u.service === subgraph.service);
    if (!upstream)
      throw new Error(`subgraph ${subgraph.name}: service ${subgraph.service} has no row in the route table`);
    return { name: subgraph.name, url: `${upstream.url}${subgraph.path}` };
  });

  return {
    platform: loadPlatformConfig({
      serviceName: 'gateway',
      defaultPort: SERVICE_PORTS.gateway,
      env,
      secrets: false,
    }),
    upstreams,
    subgraphs: subgraphEndpoints,
    supergraphFile: env.SUPERGRAPH_FILE ? resolve(env.SUPERGRAPH_FILE) : DEFAULT_SUPERGRAPH_FILE,
    healthzTimeoutMs: envInteger(env, 'HEALTHZ_TIMEOUT_MS', 2000, 100, 60000),
    upstreamTimeouts: {
      connectMs: envInteger(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 5000, 100, 60_000),
      responseMs: envInteger(env, 'UPSTREAM_RESPONSE_TIMEOUT_MS', 30_000, 100, 600_000),
    },
    cors: corsSettings(env),
    compression: { minBytes: envInteger(env, 'COMPRESSION_MIN_BYTES', 1024, 1, 1024 * 1024) },
    customDomains: upstreams.some((u) => u.workers.some((w) => w.prefixes.includes(CUSTOM_DOMAINS_PREFIX)))
      ? { platformHosts: loadPlatformHosts(env) }
      : null,
  };
}
