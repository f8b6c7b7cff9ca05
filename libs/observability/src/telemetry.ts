import { channel } from 'node:diagnostics_channel';
import { ProxyTracerProvider, SpanKind, context, propagation, trace } from '@opentelemetry/api';
import type { Attributes, Context, Link } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import type { UndiciRequest } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  NoopSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import type {
  Sampler,
  SamplingResult,
  Span,
  SpanExporter,
  SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { loadTelemetryConfig } from '@platform/config';
import type { TelemetryConfig } from '@platform/config';
import type { FastifyInstance } from 'fastify';
import { isQuietPath } from './quiet-paths';
import { ServiceScope } from './service-scope';
import { TRACE_CONTEXT_PROPAGATOR } from './trace-context';

/** What OpenTelemetry does in this process. */
export interface TelemetryStatus {
  readonly serviceName: string;
  /** `none`: nothing recorded, nothing leaves the process; `in-memory`: a test's exporter. */
  readonly exporter: 'none' | 'otlp' | 'in-memory';
  /** Where `otlp` sends spans (OTLP/HTTP, `…/v1/traces`). */
  readonly endpoint?: string;
}

export interface StartTelemetryOptions {
  /** Default: loadTelemetryConfig() (the OTEL_* variables, the name of the entry point). */
  readonly config?: TelemetryConfig;
  /** Test-only: spans go to this exporter (as they end, no batching) instead of OTLP. */
  readonly spanExporter?: SpanExporter;
}

/** Instrumentations with a `disable()` (the provider's shutdown leaves them patched and subscribed). */
interface Disableable {
  disable(): void;
}

/** An instrumentation the tracer provider is given to (they patch their module as they are made). */
interface Instrumentation extends Disableable {
  setTracerProvider(provider: NodeTracerProvider): void;
}

interface Running {
  readonly provider: NodeTracerProvider;
  readonly status: TelemetryStatus;
  readonly processor: SpanProcessor;
  readonly fastify: FastifyOtelInstrumentation;
  readonly undici: UndiciInstrumentation;
  readonly all: readonly Disableable[];
  readonly replaced: () => void;
}

let running: Running | undefined;
const instrumentedFastify = new WeakSet<FastifyInstance>();
/** Instrumented Fastify instances not closed yet. */
let openInstances = 0;

/**
 * Which new traces are worth recording when spans are exported: not the probes and scrapes, not
 * BullMQ's own housekeeping (its INTERNAL spans outside any job: getNextJob, stalled-job checks),
 * and of the rest the OTEL_TRACES_SAMPLER_ARG share.
 */
class PlatformRootSampler implements Sampler {
  constructor(private readonly ratio: Sampler) {}

  shouldSample(
    ctx: Context,
    traceId: string,
    spanName: string,
    spanKind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    const path = attributes['url.path'];
    if (spanKind === SpanKind.INTERNAL || (typeof path === 'string' && isQuietPath(path))) {
      return { decision: SamplingDecision.NOT_RECORD };
    }
    return this.ratio.shouldSample(ctx, traceId, spanName, spanKind, attributes, links);
  }

  toString(): string {
    return `PlatformRootSampler{${this.ratio.toString()}}`;
  }
}

/**
 * With an exporter: a caller's sampling decision is followed, new traces by PlatformRootSampler.
 * Without one: no new trace is recorded (its spans are non-recording, they only carry ids); a
 * caller that sent a sampled traceparent still gets spans marked sampled (recorded, then dropped),
 * so the flag it sent travels on to the next hop.
 */
/**
 * What only exporting needs, loaded only then: the OTLP exporter and the pg and ioredis
 * instrumentations are about 240 modules (the exporter alone 174), loaded otherwise by every
 * process and every test suite that never exports a span. Loaded before any client connects, as
 * the static imports were: the instrumentations patch pg and ioredis when they are made.
 */
function loadExporting(): {
  OTLPTraceExporter: typeof import('@opentelemetry/exporter-trace-otlp-http').OTLPTraceExporter;
  PgInstrumentation: typeof import('@opentelemetry/instrumentation-pg').PgInstrumentation;
  IORedisInstrumentation: typeof import('@opentelemetry/instrumentation-ioredis').IORedisInstrumentation;
} {
  return {
    OTLPTraceExporter: require('@opentelemetry/exporter-trace-otlp-http').OTLPTraceExporter,
    PgInstrumentation: require('@opentelemetry/instrumentation-pg').PgInstrumentation,
    IORedisInstrumentation: require('@opentelemetry/instrumentation-ioredis').IORedisInstrumentation,
  };
}

function samplerFor(exporting: boolean, ratio: number): Sampler {
  const root = exporting
    ? new PlatformRootSampler(new TraceIdRatioBasedSampler(ratio))
    : new AlwaysOffSampler();
  return new ParentBasedSampler({ root });
}

/** An undici request that already names its trace context (a proxy passing the caller's on). */
function carriesTraceparent(request: UndiciRequest): boolean {
  const { headers } = request;
  if (typeof headers === 'string') return /(^|\r\n)traceparent:/i.test(headers);
  for (let i = 0; i < headers.length; i += 2) {
    if (String(headers[i]).toLowerCase() === 'traceparent') return true;
  }
  return false;
}

/**
 * A Jest worker runs many suites in one process, each with its own module registry and so its own
 * OpenTelemetry globals, but diagnostics channels (undici's) belong to the process: a start
 * disables the instrumentations of the one before, so no request is ever instrumented twice.
 */
const STARTED = channel('platform.telemetry.started');

/**
 * Starts OpenTelemetry once per process (a second call returns the first one's status): the Node
 * tracing SDK (NodeTracerProvider: AsyncLocalStorage context) with the W3C TraceContext propagator and
 * - HTTP (outgoing http.request only: incoming requests are Fastify's), undici (fetch, the
 *   gateway's proxy and subgraph calls) and Fastify (`request` span continuing the caller's
 *   traceparent, installed by installHttpObservability): what carries trace ids between
 *   processes, always;
 * - pg and ioredis: spans only, so only when they are exported.
 * BullMQ's own adapter (bullmq-otel, libs/queue) carries the context through jobs. With
 * OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT spans go there over OTLP/HTTP in batches; without, there is
 * no exporter, no metric reader, no log processor: nothing is recorded and nothing leaves the
 * process. No instrumentation of fs, dns, net and the like.
 */
/**
 * Names each span's service in `platform.service` (ServiceScope): the resource's `service.name` is
 * the process's (`platform` when one process runs several services, single mode).
 */
/** The span attribute naming the service whose code made the span (single mode: one of many). */
export const SERVICE_ATTRIBUTE = 'platform.service';

class ServiceAttribution implements SpanProcessor {
  onStart(span: Span): void {
    const service = ServiceScope.current();
    if (service !== undefined) span.setAttribute(SERVICE_ATTRIBUTE, service);
  }
  onEnd(): void {
    // Nothing to do when a span ends: the attribute is set at its start.
  }
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export function startTelemetry(options: StartTelemetryOptions = {}): TelemetryStatus {
  if (running) return running.status;
  const config = options.config ?? loadTelemetryConfig({ entry: require.main?.filename });
  const exporting = options.spanExporter || config.tracesEndpoint ? loadExporting() : undefined;
  const exporter =
    options.spanExporter ??
    (exporting && config.tracesEndpoint
      ? new exporting.OTLPTraceExporter({ url: config.tracesEndpoint })
      : undefined);
  const processor: SpanProcessor = !exporter
    ? new NoopSpanProcessor()
    : options.spanExporter
      ? new SimpleSpanProcessor(exporter)
      : new BatchSpanProcessor(exporter);
  const fastify = new FastifyOtelInstrumentation({ instrumentHooks: false, instrumentHandler: false });
  const undici = new UndiciInstrumentation({
    requireParentforSpans: true,
    ignoreRequestHook: carriesTraceparent,
  });
  const propagating = [
    new HttpInstrumentation({
      disableIncomingRequestInstrumentation: true,
      requireParentforOutgoingSpans: true,
    }),
    undici,
    fastify,
  ];
  const clients =
    exporter && exporting
      ? [
          new exporting.PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
          new exporting.IORedisInstrumentation({ requireParentSpan: true }),
        ]
      : [];
  // The tracing SDK alone (@opentelemetry/sdk-trace-node), not the all-in-one NodeSDK: that one
  // loads every exporter it ships (gRPC, protobuf, Prometheus) at start, about 45 MB more RSS in
  // each of the platform's processes for nothing they use; metrics and logs have their own paths.
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }),
    sampler: samplerFor(exporter !== undefined, config.samplerRatio),
    spanProcessors: exporter ? [new ServiceAttribution(), processor] : [processor],
  });
  STARTED.publish(undefined);
  provider.register({ propagator: TRACE_CONTEXT_PROPAGATOR });
  const all: Instrumentation[] = [...propagating, ...clients];
  for (const instrumentation of all) instrumentation.setTracerProvider(provider);
  if (!exporter) {
    // Nothing is exported: the libraries that trace through the global API themselves (Apollo
    // gateway's request/plan/fetch spans, BullMQ's job spans) get no-op tracers. Their spans would
    // only be non-recording, yet each cost a sampler call and a context switch (8 % of the
    // gateway's CPU on a one-subgraph query). A no-op span carries its parent's context, so trace
    // ids still flow through them to subgraphs and into jobs; the instrumentations above keep the
    // real provider, which names the spans that carry the ids.
    trace.disable();
    trace.setGlobalTracerProvider(new ProxyTracerProvider());
  }
  const replaced = (): void => {
    for (const instrumentation of all) instrumentation.disable();
  };
  STARTED.subscribe(replaced);
  const status: TelemetryStatus = options.spanExporter
    ? { serviceName: config.serviceName, exporter: 'in-memory' }
    : config.tracesEndpoint
      ? { serviceName: config.serviceName, exporter: 'otlp', endpoint: config.tracesEndpoint }
      : { serviceName: config.serviceName, exporter: 'none' };
  running = { provider, status, processor, fastify, undici, all, replaced };
  return status;
}

/** The running telemetry's status; undefined before startTelemetry. */
export function telemetryStatus(): TelemetryStatus | undefined {
  return running?.status;
}

/**
 * Gives a Fastify instance its `request` span (@fastify/otel, without hook and handler spans): it
 * continues the caller's traceparent, or starts a trace, and is the active span of everything the
 * request runs. Must come before the instance's routes and the platform's own onRequest hooks.
 * Starts telemetry first if nothing did (an app built in a test).
 */
export function instrumentFastify(fastify: FastifyInstance): void {
  startTelemetry();
  const current = running;
  if (!current || instrumentedFastify.has(fastify)) return;
  instrumentedFastify.add(fastify);
  if (openInstances++ === 0) current.undici.enable();
  current.fastify.plugin()(fastify, {}, () => undefined);
  fastify.addHook('onClose', (_instance, done) => {
    // The last instance closed: nothing of this process is served any more, and undici's
    // channels, unlike the rest, outlive a Jest suite (see STARTED).
    if (current === running && --openInstances === 0) current.undici.disable();
    done();
  });
}

/** Exports the spans still buffered (a process that stops: ObservabilityModule). */
export async function flushTelemetry(): Promise<void> {
  await running?.processor.forceFlush();
}

/**
 * Stops telemetry (tests: to start it again with other options): exports what is buffered,
 * unpatches, and leaves the OpenTelemetry API with no tracer provider, context manager or
 * propagator.
 */
export async function stopTelemetry(): Promise<void> {
  const stopping = running;
  if (!stopping) return;
  running = undefined;
  openInstances = 0;
  STARTED.unsubscribe(stopping.replaced);
  stopping.replaced();
  await stopping.provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}
