import { createHash } from 'node:crypto';
import {
  IncomingHttpHeaders,
  IncomingMessage,
  Server,
  ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@platform/service-kit';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { GatewayAppModule } from '../../src/app.module';
import { loadGatewayConfig, workerHealthEnv } from '../../src/config/gateway.config';
import { ROUTE_TABLE } from '../../src/routes/route-table';

/** What a fake service received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Answers a received request; return false to let the default echo answer. */
export type FakeAnswer = (request: ReceivedRequest, res: ServerResponse) => boolean;

/**
 * A service stand-in (plain node:http) that reads every body whole, records it, and answers with
 * `answer` or a JSON echo (method, url, body length and SHA-256). Readiness is always 200.
 */
export class FakeService {
  readonly received: ReceivedRequest[] = [];
  answer?: FakeAnswer;

  private constructor(private readonly server: Server) {}

  static async start(answer?: FakeAnswer): Promise<FakeService> {
    const server = createServer();
    const fake = new FakeService(server);
    fake.answer = answer;
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        if (received.url === '/health/ready') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
          return;
        }
        fake.received.push(received);
        if (fake.answer?.(received, res)) return;
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
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
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

export interface RunningGateway {
  readonly app: NestFastifyApplication;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The real gateway app (createServiceApp, as main.ts builds it) on a free port, over the real
 * route table: `services` names the URL of some services (`COUNTRIES_URL` …); every other
 * service and worker is `fallbackUrl`.
 */
export async function startGateway(
  fallbackUrl: string,
  env: Record<string, string> = {},
): Promise<RunningGateway> {
  const everyOther = Object.fromEntries(
    ROUTE_TABLE.flatMap((r) => [
      [r.urlEnv, fallbackUrl],
      ...r.workers.map((w) => [workerHealthEnv(r.service, w.name), fallbackUrl]),
    ]),
  );
  const config = loadGatewayConfig({
    env: {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ...everyOther,
      ...env,
    },
  });
  const app = await createServiceApp(GatewayAppModule.forRoot(config), { title: 'Gateway' });
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return { app, url, close: () => app.close() };
}

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
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Buffer | string;
  /**
   * Send `Expect: 100-continue` and hold the body back until the gateway answers 100; a final
   * answer before that is read and the body never sent (what curl and Node's client do).
   */
  readonly expectContinue?: boolean;
}

/** One request with Node's http client, on a fresh connection. */
export function call(base: string, c: Call): Promise<Answer> {
  const url = new URL(c.path, base);
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  const headers: Record<string, string> = { ...c.headers };
  if (body) headers['content-length'] = String(body.length);
  if (c.expectContinue) headers.expect = '100-continue';
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: c.method ?? 'GET', path: c.path, headers, agent: false },
      (res) => {
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
          // The body held back is never sent: this request is over.
          if (c.expectContinue && !continued) req.destroy();
        });
        res.on('error', reject);
      },
    );
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
