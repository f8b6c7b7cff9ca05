import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { PlatformConfig } from '@platform/config';
import { MetricsService, genRequestId, installHttpObservability } from '@platform/observability';
import { Logger } from 'nestjs-pino';
import { installJsonBodyParser } from './json-body-parser';

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
}

/** Builds (but does not start) a service's Nest app on Fastify with the platform's HTTP plumbing. */
export async function createServiceApp(
  module: Parameters<typeof NestFactory.create>[0],
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: genRequestId,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Trust X-Forwarded-For only from proxies on loopback and private networks (the gateway, the
    // ingress), so a client reaching a service directly cannot pick its own IP for rate limits.
    trustProxy: 'loopback,linklocal,uniquelocal',
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  installJsonBodyParser(app.getHttpAdapter().getInstance());
  installHttpObservability(app.getHttpAdapter().getInstance(), app.get(MetricsService));
  app.enableShutdownHooks();
  if (options.openApi !== false) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(options.title)
        .setDescription(options.description ?? '')
        .setVersion('1.0.0')
        .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Personal access token' })
        .build(),
    );
    const served = (options.openApi ? options.openApi(document) : document) as OpenAPIObject;
    SwaggerModule.setup('docs', app, served, { jsonDocumentUrl: 'docs/openapi.json' });
  }
  return app;
}

/** Starts the app on the configured port and logs where it listens. */
export async function listen(app: INestApplication, config: PlatformConfig): Promise<string> {
  await app.listen(config.port, config.host);
  const url = `http://127.0.0.1:${config.port}`;
  app.get(Logger).log(`${config.serviceName} listening at ${url}`);
  return url;
}
