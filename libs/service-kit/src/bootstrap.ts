import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { errorFamilyOf, type ErrorFamily } from '@platform/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  MetricsService,
  PLATFORM_LOGGER,
  genRequestId,
  installHttpObservability,
  installRequestLogging,
  processLoggerRouter,
  telemetryStatus,
} from '@platform/observability';
import { Logger } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import { installGracefulShutdown } from './graceful-shutdown';
import { frameworkErrorResponder } from './framework-errors';
import { installJsonBodyParser } from './json-body-parser';
import { installLingeringClose } from './lingering-close';

export interface ServiceAppOptions {
  readonly title: string;
  readonly description?: string;
  /** Largest request body accepted (bytes); default 1 MiB. */
  readonly bodyLimit?: number;
  /**
   * Post-processes the generated OpenAPI document before /docs serves it (e.g. the service's
   * OpenAPI 3.1 form, the same document that is committed under docs/openapi/). `false` serves
   * no /docs at all (workers have no public API).
   */
  readonly openApi?: false | ((document: OpenAPIObject) => object);
  /**
   * Rewrites a request's URL before routing (Fastify's `rewriteUrl`): the gateway sends a custom
   * domain's requests to the hosting worker this way (docs/gateway.md, "Custom domains").
   */
  readonly rewriteUrl?: (request: IncomingMessage) => string;
}

/** Builds (but does not start) a service's Nest app on Fastify with the platform's HTTP plumbing. */
export async function createServiceApp(
  module: Parameters<typeof NestFactory.create>[0],
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  // Fastify answers a path that is not valid percent-encoding or has an over-long parameter
  // itself, before Nest's filters: in the app's error shape (framework-errors.ts), which is known
  // once its modules are (an app that provides no ERROR_FAMILY: domains).
  let family: ErrorFamily = 'domains';
  const adapter = new FastifyAdapter({
    genReqId: genRequestId,
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      frameworkErrorResponder(family)(error, request, reply),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Trust X-Forwarded-For only from proxies on loopback and private networks (the gateway, the
    // ingress), so a client reaching a service directly cannot pick its own IP for rate limits.
    trustProxy: 'loopback,linklocal,uniquelocal',
    return503OnClosing: true,
    ...(options.rewriteUrl ? { rewriteUrl: options.rewriteUrl } : {}),
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    // Nest's logger is one per process: the router (ServiceScope) hands each line to the logger of
    // the service it comes from, keeping a service's lines until its logger is registered below.
    logger: processLoggerRouter,
    bodyParser: false,
    // Errors are thrown to the caller (main.ts prints one line and exits 1; a test sees them),
    // never a process.exit inside Nest.
    abortOnError: false,
  });
  family = errorFamilyOf((token) => app.get(token, { strict: false }));
  const serviceName = app.get<symbol, PlatformConfig>(PLATFORM_CONFIG, { strict: false }).serviceName;
  app.useLogger(processLoggerRouter.register(serviceName, app.get(Logger)));
  installJsonBodyParser(app.getHttpAdapter().getInstance());
  installHttpObservability(app.getHttpAdapter().getInstance(), app.get(MetricsService), serviceName);
  installRequestLogging(app.getHttpAdapter().getInstance(), app.get(PLATFORM_LOGGER));
  installLingeringClose(app.getHttpAdapter().getInstance());
  // No app.enableShutdownHooks(): `listen` installs the graceful stop (readiness first, then the
  // listener, in-flight requests and jobs, exit 0), which Nest's own handler does not do.
  if (options.openApi !== false) {
    const finish = options.openApi;
    // Built at the first request for /docs, not at start-up (about 0.3 s of a REST service's boot,
    // paid by every process and every test suite that never reads it); SwaggerModule keeps it.
    const document = (): OpenAPIObject => {
      const built = SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle(options.title)
          .setDescription(options.description ?? '')
          .setVersion('1.0.0')
          .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Personal access token' })
          .build(),
      );
      return (finish ? finish(built) : built) as OpenAPIObject;
    };
    SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json' });
  }
  return app;
}

/**
 * Starts the app on the configured port and logs where it listens; nothing else. The platform
 * process of single mode calls this for each of its components and stops them itself.
 */
export async function startListening(app: INestApplication, config: PlatformConfig): Promise<string> {
  await app.listen(config.port, config.host);
  const url = `http://127.0.0.1:${config.port}`;
  const logger = app.get(Logger);
  logger.log(`${config.serviceName} listening at ${url}`);
  const traces = telemetryStatus();
  if (traces?.endpoint) logger.log(`spans exported over OTLP/HTTP to ${new URL(traces.endpoint).origin}`);
  return url;
}

/**
 * Starts the app on the configured port, logs where it listens, and stops it gracefully on SIGTERM
 * or SIGINT (graceful-shutdown.ts; SHUTDOWN_DELAY_MS, SHUTDOWN_GRACE_MS): an app that has its
 * process to itself.
 */
export async function listen(app: INestApplication, config: PlatformConfig): Promise<string> {
  const url = await startListening(app, config);
  installGracefulShutdown(app, config.shutdown, app.get(Logger));
  return url;
}
