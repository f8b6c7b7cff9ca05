import {
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  defaultTextMapGetter,
  isSpanContextValid,
  trace,
} from '@opentelemetry/api';
import type { SpanContext } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/** The spec's traceparent pattern (version 2 hex, trace-id 32, parent-id 16, flags 2). */
export const TRACEPARENT_PATTERN = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** A span's ids as the request context, the logs and `traceresponse` carry them. */
export interface TraceContext {
  readonly traceId: string;
  /** This process's span for the request; the caller's span is its parent. */
  readonly spanId: string;
  /** Two hex digits: `01` sampled, `00` not. */
  readonly flags: string;
}

/**
 * The W3C TraceContext propagator every process runs with (telemetry.ts): it reads `traceparent`
 * per W3C Trace Context §3.2 (version ff, all-zero ids, upper-case hex and, for version 00, extra
 * fields are invalid; a higher version may carry more fields after the four known ones) and
 * `tracestate` along with it.
 */
export const TRACE_CONTEXT_PROPAGATOR = new W3CTraceContextPropagator();

/**
 * A traceparent header as the propagator reads it; undefined for anything invalid, which makes
 * the receiving process start a new trace.
 */
export function parseTraceparent(
  header: string | string[] | undefined,
): { traceId: string; parentId: string; flags: string } | undefined {
  if (header === undefined || Array.isArray(header)) return undefined;
  const extracted = TRACE_CONTEXT_PROPAGATOR.extract(
    ROOT_CONTEXT,
    { traceparent: header },
    defaultTextMapGetter,
  );
  const span = trace.getSpanContext(extracted);
  return span && { traceId: span.traceId, parentId: span.spanId, flags: flagsOf(span) };
}

function flagsOf(span: SpanContext): string {
  return (span.traceFlags & 0xff).toString(16).padStart(2, '0');
}

/** The ids of `span` (the active one by default); all zeros when there is none. */
export function traceContextOf(
  span: SpanContext | undefined = trace.getActiveSpan()?.spanContext(),
): TraceContext {
  const valid = span && isSpanContextValid(span) ? span : INVALID_SPAN_CONTEXT;
  return { traceId: valid.traceId, spanId: valid.spanId, flags: flagsOf(valid) };
}

/** The header value naming `ctx`'s span: `traceresponse` (W3C Trace Context level 2). */
export function formatTraceparent(ctx: TraceContext): string {
  return `00-${ctx.traceId}-${ctx.spanId}-${ctx.flags}`;
}
