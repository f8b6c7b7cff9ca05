/**
 * The first import of every service and worker entry point (apps/<app>/src/main.ts, worker.ts):
 * starts OpenTelemetry before Nest, Fastify, pg or ioredis load, so the instrumentations can patch
 * them as they are required. The service's config is not loaded yet at this point: the OTEL_*
 * variables come from libs/config's telemetry reader, the process's name from its entry point.
 */
import { startTelemetry } from './telemetry';

startTelemetry();
