import { AsyncResource } from 'node:async_hooks';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Transform } from 'node:stream';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import lightMyRequest, { type Response as InjectedResponse } from 'light-my-request';
import { Dispatcher, errors } from 'undici';
import type { InProcessRoutes } from '../component/platform-component';

/*
 * Why this is written here: undici hands every request of `request()`, `stream()`, `fetch()` and
 * @fastify/reply-from to a Dispatcher, and what exists of those either opens sockets (Client, Pool,
 * Agent) or answers from canned data (MockAgent). Fastify answers in-process through light-my-request
 * (`inject`), which nothing on the undici side calls. No library joins the two, so this one does: a
 * Dispatcher that, for the origins of services built in this process, runs the request through the
 * service's own Fastify router with light-my-request's request and response, and otherwise hands
 * it to an ordinary Agent.
 */

/** undici's own default deadlines (Client: headersTimeout, bodyTimeout). */
const UNDICI_DEFAULT_TIMEOUT_MS = 300_000;

export interface InProcessDispatcherOptions {
  /**
   * Deadline for the answer's head when a request names none, ms (0: none). undici's default is
   * 300 s; give the one the fallback Agent was built with, so both paths have the same.
   */
  readonly headersTimeout?: number;
  /** Deadline between two chunks of the answer's body when a request names none, ms (0: none). */
  readonly bodyTimeout?: number;
}

/** The handler API undici's own clients call (and `request()`, `stream()`, fetch implement). */
interface LegacyHandler {
  onConnect?(abort: (reason?: Error) => void, context?: unknown): void;
  onResponseStarted?(): void;
  onHeaders?(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(rawTrailers: Buffer[] | null): void;
  onError?(error: Error): void;
}

/**
 * An undici Dispatcher that answers requests to the services of this process (`routes`) inside
 * it, through each service's Fastify router, and sends every other request to `fallback`.
 *
 * What the service receives is what undici would have sent it: the path as given (not normalised),
 * the headers (undici's refusals of `Expect`, `Transfer-Encoding` … included, with its error
 * classes), `Content-Length` or chunked framing, `traceparent`/`tracestate` from the active
 * OpenTelemetry context as its instrumentation adds them, and 127.0.0.1 as the peer. The request
 * body streams in and the answer streams out with backpressure both ways. `headersTimeout` and
 * `bodyTimeout` end a request with undici's HeadersTimeoutError and BodyTimeoutError; a service that
 * no longer listens refuses it (ECONNREFUSED) and one that drops an answer half way fails it with
 * undici's SocketError, as over a socket; an abort from the caller reaches the service as a client
 * that went away.
 */
export class InProcessDispatcher extends Dispatcher {
  private readonly headersTimeout: number;
  private readonly bodyTimeout: number;
  private readonly inFlight = new Set<InProcessExchange>();
  private closing?: Promise<void>;
  private destroying?: Promise<void>;

  constructor(
    private readonly routes: InProcessRoutes,
    private readonly fallback: Dispatcher,
    options: InProcessDispatcherOptions = {},
  ) {
    super();
    this.headersTimeout = options.headersTimeout ?? UNDICI_DEFAULT_TIMEOUT_MS;
    this.bodyTimeout = options.bodyTimeout ?? UNDICI_DEFAULT_TIMEOUT_MS;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const legacy = asLegacyHandler(handler);
    if (this.destroying || this.closing) {
      const error = this.destroying ? new errors.ClientDestroyedError() : new errors.ClientClosedError();
      if (!legacy.onError) throw error;
      legacy.onError(error);
      return false;
    }
    // Upgrades (WebSocket, CONNECT) need a socket of their own: they go over the wire.
    const target =
      options.origin === undefined || options.upgrade || options.method === 'CONNECT'
        ? undefined
        : this.routes.resolve(String(options.origin));
    if (!target) return this.fallback.dispatch(options, handler);
    const exchange = new InProcessExchange(target, options, legacy, {
      headersTimeout: options.headersTimeout ?? this.headersTimeout,
      bodyTimeout: options.bodyTimeout ?? this.bodyTimeout,
    });
    this.inFlight.add(exchange);
    void exchange.settled.then(() => this.inFlight.delete(exchange));
    exchange.start();
    return true;
  }

  /** No new requests; resolves once those in flight are answered and the fallback is closed. */
  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    this.closing ??= (async () => {
      await Promise.all([...this.inFlight].map((e) => e.settled));
      await this.fallback.close();
    })();
    if (!callback) return this.closing;
    this.closing.then(callback, callback);
  }

  /** Fails the requests in flight (with `error`, or undici's ClientDestroyedError) and the fallback's. */
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null): Promise<void>;
  override destroy(): Promise<void>;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const error = typeof first === 'function' ? null : (first ?? null);
    const callback = typeof first === 'function' ? first : second;
    this.destroying ??= (async () => {
      for (const exchange of this.inFlight) exchange.fail(error ?? new errors.ClientDestroyedError());
      await this.fallback.destroy(error);
    })();
    if (!callback) return this.destroying;
    this.destroying.then(callback, callback);
  }
}

// ---------------------------------------------------------------------------------------------
// One request answered in process
// ---------------------------------------------------------------------------------------------

interface Deadlines {
  readonly headersTimeout: number;
  readonly bodyTimeout: number;
}

/** A raw request as light-my-request builds it, with what this file sets on it. */
type InjectedRequest = IncomingMessage & { complete: boolean };

/**
 * Node's IncomingMessage, destroyed once read to its end, is only closed: the exchange goes on
 * and the answer is sent (undici destroys a request body it has sent on, once it ended, when a
 * service proxies a request with @fastify/reply-from, as the hosting worker's /hosted does).
 * light-my-request takes any destroy of a request whose payload is a stream for the client going
 * away and destroys the response with it (`response destroyed before completion`), which the
 * caller would see as a SocketError although the service answers; with a payload given whole it
 * ignores such a destroy already. So a destroy without an error of a request read to its end is
 * ignored here too; any other destroy (an abort of the caller's, with its error) is as before.
 */
function keepOpenOnceRead(raw: InjectedRequest): void {
  const destroy = raw.destroy;
  raw.destroy = function destroyUnlessRead(this: InjectedRequest, error?: Error) {
    if ((error === undefined || error === null) && this.readableEnded) return this;
    return destroy.call(this, error);
  };
}

/**
 * The execution context of this module's loading: no request's. Services run their side of an
 * in-process request in it (and with OpenTelemetry's root context), as a request arriving on a
 * socket does, not inside the async context of the gateway's request that sent it.
 */
const UNRELATED_SCOPE = new AsyncResource('InProcessService');

const TRACER_NAME = '@platform/service-kit/in-process';

class InProcessExchange {
  readonly settled: Promise<void>;
  private settle!: () => void;
  private done = false;
  private readonly abortController = new AbortController();
  /** The caller's async context: every handler callback runs in it, as undici's do. */
  private readonly callerScope = new AsyncResource('InProcessDispatch');
  private headersTimer?: NodeJS.Timeout;
  private bodyTimer?: NodeJS.Timeout;
  private answer?: Readable;
  private paused = false;
  private span?: Span;
  private body?: { readonly source: Readable; readonly feed: Transform; ended: boolean };

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly options: Dispatcher.DispatchOptions,
    private readonly handler: LegacyHandler,
    private readonly deadlines: Deadlines,
  ) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  start(): void {
    // undici writes a request once it has a connection, a moment after dispatch, and frames a
    // stream's body with Content-Length if the stream has ended by then (all of it buffered), with
    // chunks otherwise. A stream still open waits as long here: a small body that arrives whole is
    // then sent with its length, as over the wire.
    const body = this.options.body as { readableEnded?: boolean } | null | undefined;
    if (body instanceof Readable && !body.readableEnded) setImmediate(() => this.begin());
    else this.begin();
  }

  private begin(): void {
    if (this.done) return;
    let prepared: PreparedRequest;
    try {
      prepared = prepareRequest(this.options);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    this.handler.onConnect?.((reason) => this.fail(reason ?? new errors.RequestAbortedError(), true));
    if (this.done) return;
    if (!this.fastify.server.listening) {
      // What a socket to a closed port gets; the service is closing (or not yet listening).
      this.fail(connectionRefused(prepared.origin));
      return;
    }
    this.span = startClientSpan(prepared);
    const carrier: Record<string, string> = {};
    if (!prepared.headers.some(([name]) => name.toLowerCase() === 'traceparent')) {
      const active = this.span ? trace.setSpan(context.active(), this.span) : context.active();
      propagation.inject(active, carrier);
    }
    for (const [name, value] of Object.entries(carrier)) prepared.headers.push([name, value]);
    this.startHeadersTimer();
    const payload = this.requestPayload(prepared);
    if (this.done) return;
    UNRELATED_SCOPE.runInAsyncScope(() => context.with(ROOT_CONTEXT, () => this.inject(prepared, payload)));
  }

  /**
   * Ends the request with `error` (once): the service's side is aborted, the caller told, and a
   * body not sent whole destroyed (with `error`, unless the caller aborted), as undici does.
   */
  fail(error: Error, aborted = false): void {
    if (this.done) return;
    this.finish(aborted ? undefined : error);
    this.abortController.abort(error);
    this.answer?.destroy();
    if (this.span) {
      this.span.recordException(error);
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      this.span.end();
    }
    const onError = this.handler.onError;
    if (onError) this.callerScope.runInAsyncScope(() => onError.call(this.handler, error));
  }

  private inject(prepared: PreparedRequest, payload: Buffer | Readable | undefined): void {
    const headers = incomingHeaders(prepared.headers);
    const rawHeaders = prepared.headers.flat();
    const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
      // light-my-request parses the URL (resolving `..`, re-encoding): the service gets the path
      // exactly as given, as on a socket, and the headers with Node's rules for repeated fields.
      const raw = req as InjectedRequest;
      raw.url = prepared.path;
      raw.headers = headers;
      raw.rawHeaders = rawHeaders;
      raw.complete = false;
      raw.once('end', () => (raw.complete = true));
      keepOpenOnceRead(raw);
      this.fastify.routing(raw, res);
    };
    try {
      lightMyRequest(
        dispatch,
        {
          method: prepared.method as 'GET',
          url: '/',
          headers: {},
          payload,
          remoteAddress: '127.0.0.1',
          payloadAsStream: true,
          signal: this.abortController.signal,
          validate: false,
        },
        (error: Error | undefined, response: InjectedResponse | undefined) => {
          if (error || !response) this.fail(socketError(error));
          else this.onAnswer(response);
        },
      );
    } catch (error) {
      this.fail(socketError(error));
    }
  }

  private onAnswer(response: InjectedResponse): void {
    if (this.done) return;
    this.clearHeadersTimer();
    const answer = response.stream();
    this.answer = answer;
    this.span?.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 400) this.span?.setStatus({ code: SpanStatusCode.ERROR });
    const proceed = this.callerScope.runInAsyncScope(() => {
      this.handler.onResponseStarted?.();
      return this.handler.onHeaders?.(
        response.statusCode,
        rawHeadersOf(response.headers),
        () => this.resume(),
        response.statusMessage ?? '',
      );
    });
    if (this.done) return;
    if (proceed === false) this.pause();
    else this.startBodyTimer();
    answer.on('data', (chunk: Buffer) => {
      if (this.done) return;
      this.startBodyTimer();
      const more = this.callerScope.runInAsyncScope(() => this.handler.onData?.(chunk));
      if (more === false) this.pause();
    });
    answer.once('end', () => {
      if (this.done) return;
      this.finish();
      this.span?.end();
      const trailers = rawHeadersOf(response.trailers);
      this.callerScope.runInAsyncScope(() => this.handler.onComplete?.(trailers));
    });
    answer.once('error', (error) => this.fail(socketError(error)));
  }

  private pause(): void {
    if (this.paused || this.done) return;
    this.paused = true;
    // undici counts no body deadline while its caller holds the answer back.
    clearTimeout(this.bodyTimer);
    this.answer?.pause();
  }

  private resume(): void {
    if (!this.paused || this.done) return;
    this.paused = false;
    this.startBodyTimer();
    this.answer?.resume();
  }

  /**
   * The body as light-my-request takes it: a Buffer whole, a stream through a pass-through that
   * restarts the head deadline as each chunk goes in (undici refreshes it as it writes the body).
   * An error of the caller's body fails the request with that error, as undici does.
   */
  private requestPayload(prepared: PreparedRequest): Buffer | Readable | undefined {
    const body = prepared.body;
    if (body === undefined || Buffer.isBuffer(body)) return body;
    const feed = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.refreshHeadersTimer();
        callback(null, chunk);
      },
    });
    const state = { source: body, feed, ended: false };
    this.body = state;
    feed.once('end', () => (state.ended = true));
    body.once('error', (error) => this.fail(error));
    body.pipe(feed);
    return feed;
  }

  /**
   * The exchange is over: no more timers, and a body not sent whole (the service answered before
   * reading it, or the exchange failed) is destroyed, as undici destroys it once the answer has
   * ended first or the request failed (client-h1 writeStream). Whoever pipes into it is then
   * unpiped by the stream machinery and free to read and drop the rest: the gateway's lingering
   * close does, for a client still sending. Left paused instead, it would hold the client's
   * request back until lingering close gives up and resets the connection (EPIPE to the client).
   */
  private finish(error?: Error): void {
    this.done = true;
    this.clearHeadersTimer();
    clearTimeout(this.bodyTimer);
    const body = this.body;
    if (body && !body.ended) {
      body.source.unpipe(body.feed);
      body.feed.destroy();
      // Its 'error' listener (requestPayload) stays: an error destroyed into it is not unhandled.
      body.source.destroy(error);
    }
    this.settle();
  }

  private startHeadersTimer(): void {
    const ms = this.deadlines.headersTimeout;
    if (ms > 0) this.headersTimer = setTimeout(() => this.fail(new errors.HeadersTimeoutError()), ms).unref();
  }

  private refreshHeadersTimer(): void {
    this.headersTimer?.refresh();
  }

  private clearHeadersTimer(): void {
    clearTimeout(this.headersTimer);
    this.headersTimer = undefined;
  }

  private startBodyTimer(): void {
    clearTimeout(this.bodyTimer);
    const ms = this.deadlines.bodyTimeout;
    if (ms > 0 && !this.paused)
      this.bodyTimer = setTimeout(() => this.fail(new errors.BodyTimeoutError()), ms).unref();
  }
}

// ---------------------------------------------------------------------------------------------
// What undici would have sent
// ---------------------------------------------------------------------------------------------

interface PreparedRequest {
  readonly origin: string;
  readonly method: string;
  readonly path: string;
  /** Name (as given) and value, in order; a field given several values appears several times. */
  readonly headers: [string, string][];
  readonly body: Buffer | Readable | undefined;
}

/** Methods undici sends `Content-Length: 0` for when they have no body (RFC 9110 §8.6). */
function expectsPayload(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const INVALID_VALUE = /[\0\r\n]/;

/**
 * The request undici would write for `options`: its checks of the method, path and headers (with
 * the same error classes and messages), its framing (`Content-Length` for a body of known length,
 * chunked for a stream without one) and `Host` from the origin when none is given.
 */
function prepareRequest(options: Dispatcher.DispatchOptions): PreparedRequest {
  const { method } = options;
  if (typeof method !== 'string' || !TOKEN.test(method))
    throw new errors.InvalidArgumentError('invalid request method');
  let path = options.path;
  if (typeof path !== 'string' || (path[0] !== '/' && !/^https?:\/\//.test(path) && method !== 'CONNECT'))
    throw new errors.InvalidArgumentError('path must be an absolute URL or start with a slash');
  if (options.query) path = withQuery(path, options.query);
  const origin = new URL(String(options.origin)).origin;
  const headers: [string, string][] = [];
  let declaredLength: number | undefined;
  let host = false;
  for (const [name, value] of headerEntries(options.headers)) {
    if (value === undefined || value === null) continue;
    if (!TOKEN.test(name)) throw new errors.InvalidArgumentError('invalid header key');
    const key = name.toLowerCase();
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    for (const v of values)
      if (INVALID_VALUE.test(v)) throw new errors.InvalidArgumentError(`invalid ${key} header`);
    switch (key) {
      case 'host':
        host = true;
        break;
      case 'content-length':
        declaredLength = parseInt(values[0], 10);
        if (!Number.isFinite(declaredLength))
          throw new errors.InvalidArgumentError('invalid content-length header');
        continue;
      case 'connection': {
        const v = values[0].toLowerCase();
        if (v !== 'close' && v !== 'keep-alive')
          throw new errors.InvalidArgumentError('invalid connection header');
        continue;
      }
      case 'transfer-encoding':
      case 'keep-alive':
      case 'upgrade':
        throw new errors.InvalidArgumentError(`invalid ${key} header`);
      case 'expect':
        throw new errors.NotSupportedError('expect header not supported');
    }
    for (const v of values) headers.push([name, v]);
  }
  if (!host) headers.unshift(['host', new URL(origin).host]);
  const body = bodyOf(options.body);
  const length = knownLength(body) ?? declaredLength;
  if (length === undefined) {
    headers.push(['transfer-encoding', 'chunked']);
  } else {
    if (expectsPayload(method) && length > 0 && declaredLength !== undefined && declaredLength !== length)
      throw new errors.RequestContentLengthMismatchError();
    if (length > 0 || expectsPayload(method)) headers.push(['content-length', String(length)]);
  }
  headers.push(['connection', 'keep-alive']);
  return {
    origin,
    method,
    path,
    headers,
    body: body && (Buffer.isBuffer(body) && !body.length ? undefined : body),
  };
}

/**
 * The length of a body undici knows before sending it (its util.bodyLength): a Buffer's, none, or
 * a stream's that has already ended (all of it buffered), which it sends with Content-Length.
 */
function knownLength(body: Buffer | Readable | undefined): number | undefined {
  if (body === undefined) return 0;
  if (Buffer.isBuffer(body)) return body.length;
  // undici reads nothing, but lets a stream notice it is at its end.
  body.read(0);
  const state = (body as { _readableState?: { objectMode: boolean; ended: boolean; length: number } })
    ._readableState;
  return state && !state.objectMode && state.ended && Number.isFinite(state.length)
    ? state.length
    : undefined;
}

/** Every header of undici's accepted forms as name and value: an object, a flat list, pairs. */
function headerEntries(headers: Dispatcher.DispatchOptions['headers']): [string, unknown][] {
  if (!headers) return [];
  if (Array.isArray(headers)) {
    if (headers.length % 2 !== 0) throw new errors.InvalidArgumentError('headers array must be even');
    const out: [string, unknown][] = [];
    for (let i = 0; i < headers.length; i += 2) out.push([String(headers[i]), headers[i + 1]]);
    return out;
  }
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    const out: [string, unknown][] = [];
    for (const pair of headers as Iterable<unknown>) {
      if (!Array.isArray(pair) || pair.length !== 2)
        throw new errors.InvalidArgumentError('headers must be in key-value pair format');
      out.push([String(pair[0]), pair[1]]);
    }
    return out;
  }
  return Object.entries(headers);
}

function withQuery(path: string, query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** A body of any form undici's dispatch accepts, as a Buffer (known length) or a Readable. */
function bodyOf(body: unknown): Buffer | Readable | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Readable) return body;
  const candidate = body as {
    pipe?: unknown;
    on?: unknown;
    stream?: () => ReadableStream;
    size?: unknown;
    [Symbol.asyncIterator]?: unknown;
    [Symbol.iterator]?: unknown;
  };
  if (typeof candidate.pipe === 'function' && typeof candidate.on === 'function')
    return new Readable().wrap(body as NodeJS.ReadableStream);
  if (typeof candidate.stream === 'function' && typeof candidate.size === 'number')
    return Readable.fromWeb(candidate.stream() as import('node:stream/web').ReadableStream);
  if (
    typeof candidate[Symbol.asyncIterator] === 'function' ||
    typeof candidate[Symbol.iterator] === 'function'
  )
    return Readable.from(body as AsyncIterable<Uint8Array>, { objectMode: false });
  throw new errors.InvalidArgumentError(
    'body must be a string, a Buffer, a Readable stream, an iterable, or an async iterable',
  );
}

/** Fields Node's HTTP server keeps only the first value of (IncomingMessage, matchKnownFields). */
const SINGLE_VALUED = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** `req.headers` as Node's HTTP server builds it from the fields of a request. */
function incomingHeaders(fields: readonly [string, string][]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const key = name.toLowerCase();
    const previous = headers[key];
    if (previous === undefined) headers[key] = key === 'set-cookie' ? [value] : value;
    else if (key === 'set-cookie') (previous as string[]).push(value);
    else if (SINGLE_VALUED.has(key)) continue;
    else headers[key] = `${previous as string}${key === 'cookie' ? '; ' : ', '}${value}`;
  }
  return headers;
}

/** undici's raw header list (name, value, … as latin1 Buffers) of a header object. */
function rawHeadersOf(headers: Record<string, unknown> | undefined): Buffer[] {
  const raw: Buffer[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      raw.push(Buffer.from(name, 'latin1'), Buffer.from(String(v), 'latin1'));
  }
  return raw;
}

// ---------------------------------------------------------------------------------------------
// Failures as over a socket
// ---------------------------------------------------------------------------------------------

/** What connecting to a port nothing listens on fails with (Node's net error). */
function connectionRefused(origin: string): Error {
  const { hostname, port } = new URL(origin);
  return Object.assign(new Error(`connect ECONNREFUSED ${hostname}:${port}`), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address: hostname,
    port: Number(port),
  });
}

/**
 * The service dropped the exchange (destroyed its response, failed before answering): what undici
 * reports for a connection closed under a request, with light-my-request's error as the cause.
 */
function socketError(cause: unknown): Error {
  const error = new errors.SocketError('other side closed');
  if (cause !== undefined && cause !== null) Object.assign(error, { cause });
  return error;
}

// ---------------------------------------------------------------------------------------------
// Trace context
// ---------------------------------------------------------------------------------------------

/**
 * The client span OpenTelemetry's undici instrumentation starts for a request (only under an active
 * span, as the platform configures it), so the service's span has the same parent as over the
 * wire. Without a tracer provider (nothing exported) this is a no-op span carrying its parent's ids.
 */
function startClientSpan(prepared: PreparedRequest): Span | undefined {
  const active: Context = context.active();
  if (!trace.getSpan(active)) return undefined;
  const url = new URL(prepared.path, prepared.origin);
  return trace.getTracer(TRACER_NAME).startSpan(
    prepared.method,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': prepared.method,
        'url.full': url.href,
        'url.path': url.pathname,
        'url.query': url.search,
        'url.scheme': url.protocol.replace(':', ''),
        'server.address': url.hostname,
        'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
        'network.transport': 'inproc',
      },
    },
    active,
  );
}

// ---------------------------------------------------------------------------------------------
// Handler APIs
// ---------------------------------------------------------------------------------------------

/**
 * undici 7 has two handler APIs: the one its clients call (onConnect, onHeaders, onData,
 * onComplete, onError: `request()`, `stream()` and fetch implement it) and the controller-based
 * one of interceptors (onRequestStart …). A handler of the second kind is called through this
 * adapter, as undici's own dispatchers do (lib/handler/unwrap-handler.js).
 */
function asLegacyHandler(handler: Dispatcher.DispatchHandler): LegacyHandler {
  if (typeof handler.onRequestStart !== 'function') return handler as unknown as LegacyHandler;
  let abort: (reason?: Error) => void = () => undefined;
  let resume: () => void = () => undefined;
  let paused = false;
  let aborted = false;
  let reason: Error | null = null;
  const controller: Dispatcher.DispatchController = {
    get aborted() {
      return aborted;
    },
    get paused() {
      return paused;
    },
    get reason() {
      return reason;
    },
    abort(why: Error) {
      if (aborted) return;
      aborted = true;
      reason = why;
      abort(why);
    },
    pause() {
      paused = true;
    },
    resume() {
      if (!paused) return;
      paused = false;
      resume();
    },
  };
  return {
    onConnect(abortRequest, ctx) {
      abort = abortRequest;
      handler.onRequestStart?.(controller, ctx);
    },
    onHeaders(statusCode, rawHeaders, resumeAnswer, statusText) {
      resume = resumeAnswer;
      handler.onResponseStart?.(controller, statusCode, headersOf(rawHeaders), statusText);
      return !paused;
    },
    onData(chunk) {
      handler.onResponseData?.(controller, chunk);
      return !paused;
    },
    onComplete(rawTrailers) {
      handler.onResponseEnd?.(controller, headersOf(rawTrailers ?? []));
    },
    onError(error) {
      if (!handler.onResponseError) throw new errors.InvalidArgumentError('invalid onError method');
      handler.onResponseError(controller, error);
    },
  };
}

/** A raw header list as an object (undici's parseHeaders: repeated fields become lists). */
function headersOf(raw: Buffer[]): IncomingHttpHeaders {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i].toString('latin1').toLowerCase();
    const value = raw[i + 1].toString('latin1');
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else out[key] = [previous, value];
  }
  return out;
}
