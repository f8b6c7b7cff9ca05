import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { startTelemetry } from '@platform/observability';

/**
 * The first import of trace-hops-child.ts: telemetry with an in-memory exporter (the test-only
 * hook), started before pg, ioredis and BullMQ load so that their instrumentations patch them
 * (nothing @platform/observability loads is patched through require).
 */
export const exporter = new InMemorySpanExporter();

startTelemetry({ config: { serviceName: 'trace-hops', samplerRatio: 1 }, spanExporter: exporter });
