import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';
import { contextOf } from './http-observability';
import { isQuietPath } from './quiet-paths';
import { RequestContextStore } from './request-context';

/** The process's pino logger (Nest DI token). */
export const PLATFORM_LOGGER = Symbol('PLATFORM_LOGGER');

export interface PlatformLoggerOptions {
  readonly level: string;
  readonly serviceName: string;
}

/** stdout, asynchronous, written when 8 KiB are buffered or every 250 ms (sonic-boom's options). */
export const LOG_BATCH = { dest: 1, sync: false, minLength: 8192, periodicFlush: 250 } as const;

/**
 * The ids of the log line being written: the trace and span ids of the active OpenTelemetry span
 * (the request's span while a request is served, the job's while a worker runs one, whatever the
 * line follows an await), and the request id while a request is served. A mixin instead of a child
 * logger per request: the child logger pino-http made for every request (its bindings serialized
 * even when nothing else was logged) was a measured share of GET store's CPU
 * (docs/performance.md). Reading the ids costs no span: nothing is recorded per log line.
 */
function requestContextFields(): object {
  const request = RequestContextStore.current();
  const span = trace.getActiveSpan()?.spanContext();
  // A new object every time: pino merges the line's own fields into it.
  const fields: Record<string, string> = request ? { requestId: request.requestId } : {};
  if (span && isSpanContextValid(span)) {
    fields.traceId = span.traceId;
    fields.spanId = span.spanId;
  }
  return fields;
}

let processDestination: DestinationStream | undefined;

/**
 * The one stdout destination of the process: every logger of every service built in it writes
 * there, so lines of two services never interleave within a batch and one flush on exit covers all.
 */
export function processLogDestination(): DestinationStream {
  processDestination ??= pino.destination(LOG_BATCH);
  return processDestination;
}

/**
 * JSON lines on stdout: `service`, ISO `time`, `message`; credentials redacted wherever a line
 * carries request or response headers. Lines are written asynchronously in batches of about 8 KiB
 * (LOG_BATCH), and whatever is buffered at least every 250 ms: a CPU profile of GET store under load
 * put 7 % of the service's time in one write per request line; a line reaches stdout at most
 * 250 ms late. pino flushes the buffer synchronously on exit (a crash included), so only a SIGKILL
 * can lose the lines of the last 250 ms.
 */
export function createPlatformLogger(
  options: PlatformLoggerOptions,
  destination: DestinationStream = processLogDestination(),
): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.serviceName },
      messageKey: 'message',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["idempotency-key"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      mixin: requestContextFields,
    },
    destination,
  );
}

/** The request's fields of its log line; `res` and `responseTime` once a response went out. */
function requestLine(
  request: FastifyRequest,
  response?: { statusCode: number; responseTime: number },
): object {
  const ctx = contextOf(request.raw);
  return {
    req: { id: request.id, method: request.method, url: request.url },
    ...(ctx && { requestId: ctx.requestId, traceId: ctx.trace.traceId, spanId: ctx.trace.spanId }),
    ...(response && { res: { statusCode: response.statusCode }, responseTime: response.responseTime }),
  };
}

/**
 * One log line per request when its response is finished (`request completed`; a 5xx is
 * `request errored` at level error), or when the client went away before it (`request aborted`).
 * Health and metrics scrapes are not logged. A Fastify hook rather than an HTTP middleware: no
 * middleware bridge and no per-request logger (docs/performance.md, issue 15).
 */
export function installRequestLogging(fastify: FastifyInstance, logger: Logger): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!isQuietPath(request.url)) {
      const status = reply.statusCode;
      const line = requestLine(request, { statusCode: status, responseTime: Math.round(reply.elapsedTime) });
      if (status >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    }
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    if (!isQuietPath(request.url)) {
      logger.info(requestLine(request), 'request aborted');
    }
    done();
  });
}
