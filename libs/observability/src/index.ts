export {
  TRACEPARENT_PATTERN,
  TRACE_CONTEXT_PROPAGATOR,
  formatTraceparent,
  parseTraceparent,
  traceContextOf,
} from './trace-context';
export type { TraceContext } from './trace-context';
export {
  flushTelemetry,
  instrumentFastify,
  startTelemetry,
  stopTelemetry,
  telemetryStatus,
} from './telemetry';
export type { StartTelemetryOptions, TelemetryStatus } from './telemetry';
export { RequestContextStore, outgoingContextHeaders, tracedFetch, tracedRequest } from './request-context';
export type { TracedRequestOptions } from './request-context';
export type { RequestContext } from './request-context';
export { requestIdFrom } from './request-id';
export { contextOf, genRequestId, installHttpObservability } from './http-observability';
export { MetricsService } from './metrics.service';
export { PlatformLoggerModule } from './logger.module';
export { PLATFORM_LOGGER, createPlatformLogger, installRequestLogging } from './platform-logger';
export { READINESS_CHECKS } from './readiness-check';
export type { ReadinessCheck } from './readiness-check';
export { ObservabilityModule } from './observability.module';
export type { ObservabilityModuleOptions } from './observability.module';
export { DrainState } from './drain-state';
export type { DrainParticipant } from './drain-state';
export { ServiceLoggerRouter, ServiceScope, processLoggerRouter } from './service-scope';
