import { ConfigError, Env, url } from './env-readers';
import { SERVICE_PORTS, WORKER_PORTS } from './service-ports';

/** What OpenTelemetry does in a process (libs/observability/src/telemetry.ts, docs/decisions.md §8). */
export interface TelemetryConfig {
  /** `service.name` of the spans: the process's name (`mailboxes`, `mailboxes-worker`, …). */
  readonly serviceName: string;
  /**
   * Where spans go, over OTLP/HTTP (`…/v1/traces`); undefined: no exporter at all, spans are not
   * recorded and nothing leaves the process (trace ids are still propagated).
   */
  readonly tracesEndpoint?: string;
  /** Share of new traces recorded when exporting (OTEL_TRACES_SAMPLER_ARG, 0 to 1). */
  readonly samplerRatio: number;
}

/**
 * The process name an entry point runs as: `apps/<app>/src/main.js` → `<app>`, `worker.js` →
 * `<app>-worker`, and `apps/platform/src/main.js` (several components in one process) → `platform`.
 */
export function serviceNameOfEntry(file: string | undefined): string | undefined {
  const match = /[/\\]apps[/\\]([a-z0-9-]+)[/\\]src[/\\](main|worker)\.[jt]s$/.exec(file ?? '');
  if (!match) return undefined;
  if (match[1] === 'platform' && match[2] === 'main') return 'platform';
  const name = match[2] === 'main' ? match[1] : `${match[1]}-worker`;
  return name in SERVICE_PORTS || name in WORKER_PORTS ? name : undefined;
}

/** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT + `/v1/traces` (OTLP spec). */
function tracesEndpoint(env: Env): string | undefined {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    return url(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', '', ['http:', 'https:']);
  }
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const base = url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', '', ['http:', 'https:']);
    return `${base.replace(/\/+$/, '')}/v1/traces`;
  }
  return undefined;
}

function ratio(env: Env): number {
  const raw = env.OTEL_TRACES_SAMPLER_ARG;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new ConfigError('OTEL_TRACES_SAMPLER_ARG', `must be a number from 0 to 1, got "${raw}"`);
  return value;
}

/**
 * The standard OTEL_* variables the platform reads. Read once, before anything else loads (the
 * SDK has to patch pg, ioredis and http before they are required), so it takes the process's name
 * from its entry point (`entry`, require.main's file) rather than from the service's config.
 * OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT and _COMPRESSION are read by the exporter itself.
 */
export function loadTelemetryConfig(opts: { entry?: string; env?: Env } = {}): TelemetryConfig {
  const env = opts.env ?? process.env;
  if (env.OTEL_SDK_DISABLED === 'true') {
    throw new ConfigError(
      'OTEL_SDK_DISABLED',
      'is not supported: the SDK also carries trace ids between processes; leave OTEL_EXPORTER_OTLP_ENDPOINT unset to export nothing',
    );
  }
  return {
    serviceName: env.OTEL_SERVICE_NAME || serviceNameOfEntry(opts.entry) || 'unknown_service:node',
    tracesEndpoint: tracesEndpoint(env),
    samplerRatio: ratio(env),
  };
}
