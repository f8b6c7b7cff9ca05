export {
  ConfigError,
  integer as envInteger,
  matching as envMatching,
  oneOf as envOneOf,
  positiveInteger as envPositiveInteger,
  positiveNumber as envPositiveNumber,
  serviceUrl as envServiceUrl,
  url as envUrl,
} from './env-readers';
export type { Env } from './env-readers';
export {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  loadPlatformConfig,
  silenceDevKeyWarning,
} from './platform-config';
export type { LoadConfigOptions, PlatformConfig } from './platform-config';
export { SERVICE_PORTS, WORKER_PORTS } from './service-ports';
export { loadTelemetryConfig, serviceNameOfEntry } from './telemetry-config';
export type { TelemetryConfig } from './telemetry-config';
export type { ServiceName, WorkerName } from './service-ports';
export { PLATFORM_CONFIG } from './tokens';
export { canonicalHostname, hostnameOfHostHeader, loadPlatformHosts } from './platform-hosts';
export type { PlatformHosts } from './platform-hosts';
