import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_CODINGS, codedEntityTag } from './conditional-get';

/**
 * Response compression (@fastify/compress): `br` or `gzip`, whichever the client prefers of
 * those it accepts, for bodies of a compressible type (JSON, text, XML, JavaScript) from
 * COMPRESSION_MIN_BYTES on. Never compressed: what a service already encoded, an event stream or
 * any body of unknown length from a service (a stream that must reach the client as it is
 * written: compressing holds bytes back until a block fills), an answer with
 * `Cache-Control: no-transform`, partial content, and an answer carrying a service's own entity
 * tag (which would then name another representation). Request bodies are never decompressed:
 * they go to the services as they came.
 */

/** Types worth compressing: text (not event streams), JSON, XML, JavaScript, GraphQL. */
const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|[+/](?:json|xml|javascript|graphql-response\+json)(?:\s*;|$)/i;

export function isCompressibleType(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);
}

export function compressOptions(minBytes: number): FastifyCompressOptions {
  return {
    global: true,
    globalDecompression: false,
    encodings: [...CONTENT_CODINGS],
    threshold: minBytes,
    customTypes: (type: string) => isCompressibleType(type),
  };
}

/** Per answer: whether compression may apply, and whether the gateway tagged the body. */
interface RepresentationState {
  readonly eligible: boolean;
  readonly encodedBefore: boolean;
}

const states = new WeakMap<FastifyRequest, RepresentationState>();
const gatewayTagged = new WeakSet<FastifyRequest>();

/** Marks the answer's ETag as the gateway's own (conditional-get.ts), so a coding renames it. */
export function markGatewayEntityTag(request: FastifyRequest): void {
  gatewayTagged.add(request);
}

function isStream(payload: unknown): boolean {
  return typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
}

/**
 * Root onSend hook, before @fastify/compress (a route hook, so after every root one): decides
 * what may not be compressed and tells the plugin through its documented per-request switch,
 * `x-no-compression` (set on the request object only: the request was forwarded already).
 */
export function beforeCompression(minBytes: number) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const encodedBefore = hasCoding(reply);
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    const foreignTag = reply.getHeader('etag') !== undefined && !gatewayTagged.has(request);
    const unknownLength = isStream(payload) && reply.getHeader('content-length') === undefined;
    const refused =
      encodedBefore ||
      unknownLength ||
      foreignTag ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl) ||
      reply.statusCode === 206 ||
      !isCompressibleType(reply.getHeader('content-type'));
    if (refused && request.headers['x-no-compression'] === undefined)
      request.headers['x-no-compression'] = 'gateway';
    const size =
      typeof payload === 'string' || Buffer.isBuffer(payload)
        ? Buffer.byteLength(payload)
        : isStream(payload)
          ? Number.POSITIVE_INFINITY
          : 0;
    states.set(request, { eligible: !refused && size >= minBytes, encodedBefore });
    return payload;
  };
}

/**
 * Route onSend hook after @fastify/compress: an answer that could have been compressed says so
 * in `Vary: Accept-Encoding` whatever this client accepted (caches must not hand a gzip body to
 * a client that did not ask for one), and a gateway tag of a body it compressed names the coding.
 */
export async function afterCompression(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const state = states.get(request);
  if (!state) return payload;
  if (state.eligible) appendVary(reply, 'Accept-Encoding');
  const coding = reply.getHeader('content-encoding');
  const tag = reply.getHeader('etag');
  if (
    !state.encodedBefore &&
    typeof coding === 'string' &&
    gatewayTagged.has(request) &&
    typeof tag === 'string'
  )
    void reply.header('etag', codedEntityTag(tag, coding));
  return payload;
}

function hasCoding(reply: FastifyReply): boolean {
  const coding = reply.getHeader('content-encoding');
  return coding !== undefined && String(coding).toLowerCase() !== 'identity';
}

/** Adds `name` to the answer's Vary (once, keeping what is there; `*` stays `*`). */
export function appendVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((v) => v.toLowerCase() === name.toLowerCase())) return;
  void reply.header('vary', [...values, name].join(', '));
}
