import { randomFillSync } from 'node:crypto';

/** The spec's traceparent pattern (version 2 hex, trace-id 32, parent-id 16, flags 2). */
export const TRACEPARENT_PATTERN = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export interface TraceContext {
  readonly traceId: string;
  /** The caller's span (parent-id of the incoming header), absent when this process started the trace. */
  readonly parentSpanId?: string;
  /** This process's span for the request; outgoing calls name it as their parent. */
  readonly spanId: string;
  readonly flags: string;
}

const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * Parses a traceparent header per W3C Trace Context §3.2 and the spec's pattern: version ff,
 * all-zero ids and (for version 00) extra fields are invalid; a higher version may carry more
 * fields after the four known ones. Returns undefined for anything invalid, so the caller
 * restarts the trace.
 */
export function parseTraceparent(
  header: string | string[] | undefined,
): { traceId: string; parentId: string; flags: string } | undefined {
  if (header === undefined || Array.isArray(header)) return undefined;
  const value = header.trim();
  const known = value.slice(0, 55);
  if (!TRACEPARENT_PATTERN.test(known)) return undefined;
  const [version, traceId, parentId, flags] = known.split('-');
  if (version === 'ff') return undefined;
  if (value.length > 55) {
    if (version === '00' || value[55] !== '-') return undefined;
  }
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return undefined;
  return { traceId, parentId, flags };
}

/**
 * Random bytes of trace and span ids, drawn 4 KiB at a time (as Node's randomUUID batches its
 * own): one call into the CSPRNG per ~170 requests instead of two buffers and two calls each.
 * Every byte is used once.
 */
const randomPool = Buffer.allocUnsafe(4096);
let randomOffset = randomPool.length;

function randomHex(bytes: number, zero: string): string {
  for (;;) {
    if (randomOffset + bytes > randomPool.length) {
      randomFillSync(randomPool);
      randomOffset = 0;
    }
    const hex = randomPool.toString('hex', randomOffset, randomOffset + bytes);
    randomOffset += bytes;
    if (hex !== zero) return hex;
  }
}

export function newSpanId(): string {
  return randomHex(8, ZERO_SPAN);
}

/** Continues the incoming trace with a new span, or starts a new trace (sampled) when there is none. */
export function continueTrace(header: string | string[] | undefined): TraceContext {
  const incoming = parseTraceparent(header);
  if (incoming) {
    // We only understand version 00; higher versions are continued as 00 (W3C §3.2.4).
    return {
      traceId: incoming.traceId,
      parentSpanId: incoming.parentId,
      spanId: newSpanId(),
      flags: incoming.flags,
    };
  }
  return { traceId: randomHex(16, ZERO_TRACE), spanId: newSpanId(), flags: '01' };
}

/** The header value naming `spanId` (default: this process's span) as parent of the next hop. */
export function formatTraceparent(ctx: TraceContext, spanId: string = ctx.spanId): string {
  return `00-${ctx.traceId}-${spanId}-${ctx.flags}`;
}
