import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  ClientRequest,
  IncomingHttpHeaders,
  IncomingMessage,
  Server,
  ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseTraceparent } from '@platform/observability';
import { InProcessRouteTable, createServiceApp } from '@platform/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { TEST_ENCRYPTION_KEY, freePort } from '@platform/testing';
import { gatewayAppOptions } from '../../src/components';
import { GatewayAppModule } from '../../src/app.module';
import { loadGatewayConfig, workerHealthEnv } from '../../src/config/gateway.config';
import { ROUTE_TABLE, type ServiceRoute } from '../../src/routes/route-table';

/**
 * The one set of helpers of the gateway's e2e specs: a fake service that records what reaches
 * it, the real gateway app on a free port (over the real route table or a synthetic one), an
 * HTTP client that sends exactly the headers a test wants, raw-socket exchanges, and trace ids.
 */

// ---------------------------------------------------------------------------------------------
// The hop to the services
// ---------------------------------------------------------------------------------------------

/**
 * How the gateway reaches the services: over a socket (each service its own process, a container)
 * or inside its own process (single mode: `runtime.inProcess`, docs/gateway.md "In-process hop").
 */
export type Hop = 'over the wire' | 'in process';

/** Both hops, for `describe.each`: a suite that runs under each proves the two answer alike. */
export const HOPS: readonly Hop[] = ['over the wire', 'in process'];

/**
 * The services "of this process" for a gateway started `in process`: every FakeService while it
 * runs, by the origin it listens on (as single mode mounts each service once it listens).
 */
export const IN_PROCESS_SERVICES = new InProcessRouteTable();

// ---------------------------------------------------------------------------------------------
// Fake services
// ---------------------------------------------------------------------------------------------

/** What a fake service received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** How it reached the service: on its socket, or injected by a gateway of the same process. */
  readonly hop: Hop;
}

/** Answers a received request; return false to let the default echo answer. */
export type FakeAnswer = (request: ReceivedRequest, res: ServerResponse) => boolean;

/**
 * A service stand-in (plain node:http) that reads every body whole, records it, and answers with
 * `answer` or a JSON echo (method, url, body length and SHA-256). Its `/health/ready` answers
 * `readinessStatus` (200 unless a test says otherwise) and is not recorded.
 *
 * Its node:http server is also the server of a Fastify instance whose every route hands the raw
 * request and response to the same handler: what a gateway started `in process` injects into
 * (IN_PROCESS_SERVICES), while over the wire the server answers as a plain node:http one.
 */
export class FakeService {
  readonly received: ReceivedRequest[] = [];
  answer?: FakeAnswer;
  readinessStatus = 200;
  /** Body bytes received of requests still in flight (proves streaming). */
  bytesInFlight = 0;

  private constructor(
    private readonly server: Server,
    private readonly fastify: FastifyInstance,
  ) {}

  static async start(answer?: FakeAnswer): Promise<FakeService> {
    const server = createServer();
    // Fastify's own handler is not attached to the server: over the wire, node:http answers alone.
    const fastify = Fastify({ serverFactory: () => server });
    const fake = new FakeService(server, fastify);
    fake.answer = answer;
    server.on('request', (req: IncomingMessage, res: ServerResponse) =>
      fake.handle(req, res, 'over the wire'),
    );
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.hijack();
      fake.handle(request.raw, reply.raw, 'in process');
      done();
    });
    fastify.all('/*', () => undefined);
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    IN_PROCESS_SERVICES.mount(fake.url, fastify);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The last request received for `path` (the query string aside); throws when there is none. */
  last(path: string): ReceivedRequest {
    const found = [...this.received].reverse().find((r) => r.url.split('?')[0] === path);
    if (!found)
      throw new Error(
        `service received no request for ${path}; got ${this.received.map((r) => r.url).join(', ')}`,
      );
    return found;
  }

  async close(): Promise<void> {
    IN_PROCESS_SERVICES.unmount(this.url);
    this.server.closeAllConnections();
    await this.fastify.close();
  }

  private handle(req: IncomingMessage, res: ServerResponse, hop: Hop): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      this.bytesInFlight += chunk.length;
    });
    req.on('end', () => {
      this.bytesInFlight = 0;
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        hop,
      };
      if (received.url === '/health/ready') {
        answerWith(res, this.readinessStatus, { 'content-type': 'application/json' }, '{"status":"ok"}');
        return;
      }
      this.received.push(received);
      if (this.answer?.(received, res)) return;
      answerWith(
        res,
        200,
        { 'content-type': 'application/json' },
        JSON.stringify({
          method: received.method,
          url: received.url,
          bodyBytes: received.body.length,
          bodySha256: sha256(received.body),
        }),
      );
    });
  }
}

/** Answers with a Content-Length, as the platform's services (Fastify) answer. */
export function answerWith(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) }).end(body);
}

export function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/** The origin of a port nothing listens on. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

// ---------------------------------------------------------------------------------------------
// The gateway
// ---------------------------------------------------------------------------------------------

export interface RunningGateway {
  readonly app: NestFastifyApplication;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The real gateway app (createServiceApp, as main.ts builds it) on a free port, over the real
 * route table: `env` names the URL of some services (`COUNTRIES_URL` …); every other service and
 * worker is `fallbackUrl`.
 */
export async function startGateway(
  fallbackUrl: string,
  env: Record<string, string> = {},
  hop: Hop = 'over the wire',
): Promise<RunningGateway> {
  const everyOther = Object.fromEntries(
    ROUTE_TABLE.flatMap((r) => [
      [r.urlEnv, fallbackUrl],
      ...r.workers.map((w) => [workerHealthEnv(r.service, w.name), fallbackUrl]),
    ]),
  );
  return bootGateway({ ...everyOther, ...env }, hop);
}

/** The gateway over a synthetic route table (and no subgraphs): `env` names its services' URLs. */
export function startGatewayOver(
  routeTable: readonly ServiceRoute[],
  env: Record<string, string>,
  hop: Hop = 'over the wire',
): Promise<RunningGateway> {
  return bootGateway(env, hop, routeTable);
}

async function bootGateway(
  env: Record<string, string>,
  hop: Hop,
  routeTable?: readonly ServiceRoute[],
): Promise<RunningGateway> {
  const config = loadGatewayConfig({
    env: {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      // Ample on a machine busy with other suites: no case waits for this timeout to pass.
      HEALTHZ_TIMEOUT_MS: '10000',
      ...env,
    },
    routeTable,
    // A synthetic route table has none of the real subgraphs' services.
    subgraphs: routeTable ? [] : undefined,
  });
  const runtime = hop === 'in process' ? { inProcess: IN_PROCESS_SERVICES } : {};
  const app = await createServiceApp(GatewayAppModule.forRoot(config, runtime), gatewayAppOptions(config));
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return { app, url, close: () => app.close() };
}

/**
 * Starts `start`'s fixture before the tests of the enclosing describe and closes it after them;
 * the handle returned reads through to it, from hooks and tests.
 */
export function startedForSuite<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (!started) throw new Error('the suite fixture is read before its beforeAll started it');
      return started[key as keyof T];
    },
  });
}

/** The real route table with a fake countries service and one fake for every other service. */
export interface CountriesGateway {
  readonly countries: FakeService;
  /** Stands in for every other service and worker of the route table (always ready). */
  readonly others: FakeService;
  readonly gateway: RunningGateway;
  close(): Promise<void>;
}

/** Starts the gateway of {@link CountriesGateway}, without a supergraph. */
export async function startCountriesGateway(
  countriesAnswer?: FakeAnswer,
  hop: Hop = 'over the wire',
): Promise<CountriesGateway> {
  const tmp = mkdtempSync(join(tmpdir(), 'gateway-e2e-'));
  const [countries, others] = await Promise.all([FakeService.start(countriesAnswer), FakeService.start()]);
  const gateway = await startGateway(
    others.url,
    { COUNTRIES_URL: countries.url, SUPERGRAPH_FILE: join(tmp, 'no-supergraph.graphql') },
    hop,
  );
  return {
    countries,
    others,
    gateway,
    close: async () => {
      await gateway.close();
      await Promise.all([countries.close(), others.close()]);
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A synthetic route table: hosting (with a `deployer` worker that owns `/hosted`) and a longer
 * prefix of it for agent-registry, commerce-rest and a `{storeId}` subgraph prefix inside it, and
 * mailboxes, whose service is down.
 */
export interface SyntheticGateway {
  /** hosting and commerce-rest */
  readonly hosting: FakeService;
  /** agent-registry (`/v1/hosting/nodejs`) and catalog-subgraph */
  readonly nodejs: FakeService;
  /** hosting's deployer worker */
  readonly worker: FakeService;
  readonly gateway: RunningGateway;
  close(): Promise<void>;
}

export async function startSyntheticGateway(hop: Hop = 'over the wire'): Promise<SyntheticGateway> {
  const [hosting, nodejs, worker] = await Promise.all([
    FakeService.start(),
    FakeService.start(),
    FakeService.start(),
  ]);
  const table: ServiceRoute[] = [
    {
      service: 'hosting',
      prefixes: ['/v1/hosting'],
      urlEnv: 'HOSTING_URL',
      workers: [{ name: 'deployer', port: 1, prefixes: ['/hosted'] }],
    },
    {
      service: 'agent-registry',
      prefixes: ['/v1/hosting/nodejs'],
      urlEnv: 'AGENT_REGISTRY_URL',
      workers: [],
    },
    {
      service: 'commerce-rest',
      prefixes: ['/v2/commerce/stores'],
      urlEnv: 'COMMERCE_REST_URL',
      workers: [],
    },
    {
      service: 'catalog-subgraph',
      prefixes: ['/v2/commerce/stores/{storeId}/catalog-subgraph'],
      urlEnv: 'CATALOG_SUBGRAPH_URL',
      workers: [],
    },
    { service: 'mailboxes', prefixes: ['/mailboxes'], urlEnv: 'MAILBOXES_URL', workers: [] },
  ];
  const gateway = await startGatewayOver(
    table,
    {
      HOSTING_URL: hosting.url,
      AGENT_REGISTRY_URL: nodejs.url,
      COMMERCE_REST_URL: hosting.url,
      CATALOG_SUBGRAPH_URL: nodejs.url,
      MAILBOXES_URL: await deadUrl(),
      HOSTING_DEPLOYER_HEALTH_URL: worker.url,
    },
    hop,
  );
  return {
    hosting,
    nodejs,
    worker,
    gateway,
    close: async () => {
      await gateway.close();
      await Promise.all([hosting, nodejs, worker].map((f) => f.close()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------------------------

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Whether the gateway sent `100 Continue` (only with `expectContinue`). */
  readonly continued: boolean;
  json<T = Record<string, unknown>>(): T;
}

export interface Call {
  readonly method?: string;
  readonly path: string;
  /** Name → value(s); a list sends the header once per value, the name's case is kept. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: Buffer | string;
  /**
   * Send `Expect: 100-continue` and hold the body back until the gateway answers 100; a final
   * answer before that is read and the body never sent (what curl and Node's client do).
   */
  readonly expectContinue?: boolean;
}

/** Reads an answer whole. */
export function answerOf(res: IncomingMessage, continued = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => {
      const received = Buffer.concat(chunks);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: received,
        continued,
        json: <T>() => JSON.parse(received.toString('utf8')) as T,
      });
    });
    res.on('error', reject);
  });
}

/** One request with Node's http client, on a fresh connection. */
export function call(base: string, c: Call): Promise<Answer> {
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(c.headers ?? {}))
    headers[name] = typeof value === 'string' ? value : [...value];
  if (body) headers['content-length'] = String(body.length);
  if (c.expectContinue) headers.expect = '100-continue';
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = open(base, { method: c.method ?? 'GET', path: c.path, headers }, (res) => {
      answerOf(res, continued).then(resolve, reject);
      // The body held back is never sent: this request is over.
      res.on('end', () => {
        if (c.expectContinue && !continued) req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Destroying a request whose answer was read is not a failure.
      if (error.code !== 'ECONNRESET' || !c.expectContinue) reject(error);
    });
    if (c.expectContinue && body) {
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.flushHeaders();
    } else {
      req.end(body);
    }
  });
}

/** A request on a fresh connection whose body the test writes itself. */
export function open(
  base: string,
  head: { method: string; path: string; headers: Record<string, string | string[]> },
  onAnswer: (res: IncomingMessage) => void,
): ClientRequest {
  const url = new URL(head.path, base);
  return httpRequest({ host: url.hostname, port: url.port, ...head, agent: false }, onAnswer);
}

/** What a raw socket read back, and whether the gateway closed the connection. */
export interface RawExchange {
  readonly text: string;
  readonly closed: boolean;
}

/**
 * Writes `request` (a whole HTTP/1.1 request as text) on a plain socket and reads until the
 * gateway closes the connection, or `closeWithinMs` passes (then `closed` is false).
 */
export function rawExchange(base: string, request: string, closeWithinMs = 5000): Promise<RawExchange> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, closeWithinMs);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write(request);
  });
}

/**
 * A raw socket client: POSTs `bytes` of body (with Content-Length, or chunked) as fast as the
 * gateway takes it and resolves with the status line it reads while (or after) it sends.
 */
export function rawStatus(base: string, path: string, bytes: number, asChunks: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      if (answer.includes('\r\n')) {
        resolve(answer.slice(0, answer.indexOf('\r\n')));
        socket.destroy();
      }
    });
    socket.on('error', (error) => (answer ? resolve(answer.split('\r\n')[0]) : reject(error)));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n` +
        (asChunks ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${bytes}\r\n\r\n`),
    );
    const piece = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes && !socket.destroyed) {
        const n = Math.min(piece.length, bytes - sent);
        sent += n;
        const data = asChunks
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), piece.subarray(0, n), Buffer.from('\r\n')])
          : piece.subarray(0, n);
        if (!socket.write(data)) return void socket.once('drain', pump);
      }
      if (asChunks && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    pump();
  });
}

// ---------------------------------------------------------------------------------------------
// Trace context
// ---------------------------------------------------------------------------------------------

export const CALLER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
export const CALLER_PARENT_ID = 'b7ad6b7169203331';

export function traceOf(headers: IncomingHttpHeaders): { traceId: string; parentId: string } {
  const parsed = parseTraceparent(headers.traceparent);
  if (!parsed) throw new Error(`no valid traceparent in ${JSON.stringify(headers.traceparent)}`);
  return parsed;
}
