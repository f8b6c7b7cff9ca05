import { Controller, Get, Logger as NestLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { PLATFORM_CONFIG } from '@platform/config';
import Fastify, { FastifyInstance } from 'fastify';
import { Logger } from 'nestjs-pino';
import { spawn } from 'node:child_process';
import { IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { genRequestId, installHttpObservability } from './http-observability';
import { PlatformLoggerModule } from './logger.module';
import { LOG_BATCH, PLATFORM_LOGGER, createPlatformLogger, installRequestLogging } from './platform-logger';

/** A pino destination that keeps the parsed lines. */
function memoryDestination(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

const REQUEST_ID = '0b9c3f1e-2d4a-4c6b-8e1f-3a5b7c9d1e2f';
const TRACE_ID = '5bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = { 'x-request-id': REQUEST_ID, traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };

describe('request logging (Fastify hooks, pino mixin)', () => {
  let app: FastifyInstance;
  let lines: Record<string, unknown>[];
  let slowArrived = (): void => undefined;

  beforeEach(async () => {
    const memory = memoryDestination();
    lines = memory.lines;
    const logger = createPlatformLogger({ level: 'info', serviceName: 'test-service' }, memory.stream);
    app = Fastify({ genReqId: genRequestId });
    installHttpObservability(app);
    installRequestLogging(app, logger);
    app.get('/things', async () => {
      await tick();
      logger.info({ step: 'handler' }, 'working on it');
      return { ok: true };
    });
    app.get('/boom', async (_request, reply) => reply.code(503).send({ down: true }));
    app.get('/slow', () => {
      slowArrived();
      return new Promise(() => undefined);
    });
    app.get('/health/live', async () => ({ status: 'ok' }));
    app.get('/metrics', async () => '');
    await app.ready();
  });

  afterEach(() => app.close());

  it('writes one line per request with the request id, trace ids, method, url, status and duration', async () => {
    const res = await app.inject({ method: 'GET', url: '/things?x=1', headers: CALLER });
    expect(res.statusCode).toBe(200);
    const requestLines = lines.filter((l) => l.message === 'request completed');
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({
      level: 30,
      service: 'test-service',
      requestId: REQUEST_ID,
      traceId: TRACE_ID,
      req: { id: REQUEST_ID, method: 'GET', url: '/things?x=1' },
      res: { statusCode: 200 },
    });
    expect(line.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(line.spanId).not.toBe('00f067aa0ba902b7');
    expect(typeof line.responseTime).toBe('number');
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });

  it('gives what the app logs while serving a request the same ids, after an await too', async () => {
    await app.inject({ method: 'GET', url: '/things', headers: CALLER });
    const handlerLine = lines.find((l) => l.message === 'working on it');
    const requestLine = lines.find((l) => l.message === 'request completed');
    expect(handlerLine).toMatchObject({ step: 'handler', requestId: REQUEST_ID, traceId: TRACE_ID });
    expect(handlerLine?.spanId).toBe(requestLine?.spanId);
  });

  it('logs a 5xx as "request errored" at level error', async () => {
    await app.inject({ method: 'GET', url: '/boom', headers: CALLER });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, message: 'request errored', res: { statusCode: 503 } });
  });

  it('logs a request whose client went away before the answer as "request aborted"', async () => {
    const inHandler = new Promise<void>((resolve) => (slowArrived = resolve));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const client = request({ port, host: '127.0.0.1', path: '/slow', headers: CALLER });
    client.on('error', () => undefined);
    client.end();
    await inHandler;
    client.destroy();
    while (!lines.some((l) => l.message === 'request aborted')) await tick();
    expect(lines.find((l) => l.message === 'request aborted')).toMatchObject({
      level: 30,
      requestId: REQUEST_ID,
      req: { method: 'GET', url: '/slow' },
    });
  });

  it('does not log health checks and metrics scrapes', async () => {
    await app.inject({ method: 'GET', url: '/health/live' });
    await app.inject({ method: 'GET', url: '/metrics' });
    expect(lines).toEqual([]);
  });

  it('writes lines outside a request without request ids', async () => {
    const memory = memoryDestination();
    createPlatformLogger({ level: 'info', serviceName: 's' }, memory.stream).info('started');
    expect(memory.lines).toHaveLength(1);
    expect(memory.lines[0]).not.toHaveProperty('requestId');
    expect(memory.lines[0]).toMatchObject({ service: 's', message: 'started' });
  });

  it('redacts credentials wherever a line carries request or response headers', () => {
    const memory = memoryDestination();
    createPlatformLogger({ level: 'info', serviceName: 's' }, memory.stream).info({
      req: { headers: { authorization: 'Bearer pat_secret', cookie: 'sid=1', 'idempotency-key': 'k' } },
      res: { headers: { 'set-cookie': 'sid=2' } },
    });
    const text = JSON.stringify(memory.lines);
    for (const secret of ['pat_secret', 'sid=1', 'sid=2', '"k"']) expect(text).not.toContain(secret);
    expect(memory.lines[0]).toMatchObject({
      req: {
        headers: { authorization: '[redacted]', cookie: '[redacted]', 'idempotency-key': '[redacted]' },
      },
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
  });

  it('honours the level', async () => {
    const memory = memoryDestination();
    const quiet = Fastify({ genReqId: genRequestId });
    installHttpObservability(quiet);
    installRequestLogging(quiet, createPlatformLogger({ level: 'warn', serviceName: 's' }, memory.stream));
    quiet.get('/ok', async () => ({}));
    quiet.get('/down', async (_request, reply) => reply.code(500).send({}));
    await quiet.inject({ method: 'GET', url: '/ok' });
    await quiet.inject({ method: 'GET', url: '/down' });
    await quiet.close();
    expect(memory.lines.map((l) => l.message)).toEqual(['request errored']);
  });
});

@Controller('nest')
class NestLoggingController {
  private readonly log = new NestLogger('NestLoggingController');

  @Get()
  async handle() {
    await tick();
    this.log.log('inside the handler');
    this.log.error(new Error('something failed'));
    return { ok: true };
  }
}

@Module({
  imports: [PlatformLoggerModule.forRoot()],
  controllers: [NestLoggingController],
})
class NestLoggingModule {}

describe("Nest's logger over the platform logger", () => {
  it("maps Nest's log calls (message, context, errors) onto pino lines carrying the request ids", async () => {
    const memory = memoryDestination();
    const app = await NestFactory.create<NestFastifyApplication>(
      {
        module: class Root {},
        imports: [
          {
            module: class Config {},
            global: true,
            providers: [
              { provide: PLATFORM_CONFIG, useValue: { logLevel: 'info', serviceName: 'nest-test' } },
            ],
            exports: [PLATFORM_CONFIG],
          },
          NestLoggingModule,
        ],
      },
      new FastifyAdapter({ genReqId: (raw: unknown) => genRequestId(raw as IncomingMessage) }),
      { logger: false, abortOnError: false },
    );
    try {
      const pino = createPlatformLogger({ level: 'info', serviceName: 'nest-test' }, memory.stream);
      app.useLogger(new Logger(pino as never, {}));
      const fastify = app.getHttpAdapter().getInstance();
      installHttpObservability(fastify);
      installRequestLogging(fastify, pino);
      await app.init();
      await fastify.ready();
      // The module's own logger is the one the app would use.
      expect(app.get(PLATFORM_LOGGER)).toBeDefined();
      expect(app.get(Logger)).toBeInstanceOf(Logger);

      const res = await fastify.inject({ method: 'GET', url: '/nest', headers: CALLER });
      expect(res.statusCode).toBe(200);
      const info = memory.lines.find((l) => l.message === 'inside the handler');
      expect(info).toMatchObject({
        level: 30,
        context: 'NestLoggingController',
        requestId: REQUEST_ID,
        traceId: TRACE_ID,
        service: 'nest-test',
      });
      const error = memory.lines.find((l) => l.level === 50);
      expect(error).toMatchObject({ err: { message: 'something failed' }, requestId: REQUEST_ID });
      expect(memory.lines.filter((l) => l.message === 'request completed')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('batched stdout (LOG_BATCH)', () => {
  /** A node process writing `lines` lines through pino with LOG_BATCH, then `then` ('wait' or 'exit'). */
  function child(lines: number, then: 'wait' | 'exit') {
    const script = `
      const pino = require('pino');
      const log = pino(pino.destination(${JSON.stringify(LOG_BATCH)}));
      for (let i = 0; i < ${lines}; i++) log.info({ i }, 'line');
      ${then === 'exit' ? 'process.exit(0);' : 'setTimeout(() => undefined, 60_000);'}
    `;
    const proc = spawn(process.execPath, ['-e', script], {
      cwd: __dirname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    return { proc, output: () => out };
  }

  it("writes a quiet process's lines within the flush period, without waiting for a full batch", async () => {
    const { proc, output } = child(3, 'wait');
    try {
      // The child never exits by itself ('wait'): its lines can only come from the flush period. The
      // bound is for starting node on a loaded machine (CI under load once took over 5 s).
      const deadline = Date.now() + 30_000;
      while (output().split('\n').filter(Boolean).length < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(output().split('\n').filter(Boolean)).toHaveLength(3);
    } finally {
      proc.kill();
    }
  });

  it('loses no line when the process exits with lines still buffered', async () => {
    const { proc, output } = child(2000, 'exit');
    await new Promise((resolve) => proc.once('close', resolve));
    const lines = output()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { i: number });
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });
});
