import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SCOPES } from '@platform/scopes';
import { createServiceApp, openApiDocumentFinisher } from '@platform/service-kit';
import type { OpenApiArea } from '@platform/service-kit';
import type { InjectOptions, Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import type { FuzzErrorShape, FuzzTarget } from './openapi-fuzz';
import { describeOpenApiFuzz, readCommittedOpenApi } from './openapi-suite';
import { TEST_ENCRYPTION_KEY, TestEnv, createTestEnv } from './test-env';
import { TestCredential, createTestCredential } from './test-tokens';

/** A REST service booted as its main.ts boots it, on a private database and Redis prefix. */
export interface ServiceTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  /** A new account with one token holding every scope. */
  readonly cred: TestCredential;
  inject(opts: InjectOptions): Promise<Response>;
  /** Closes the app, drops the database and deletes the Redis keys. */
  close(): Promise<void>;
}

/** What a REST service's main.ts builds its app from. */
export interface ServiceUnderTest {
  /** The app module for the suite's environment. */
  module(env: TestEnv): DynamicModule;
  /** The service's OpenApiArea: its title and description, and the finishing of its document. */
  readonly area: OpenApiArea;
}

/**
 * Starts `service` in-process for a suite (inject, no port) with the title, description and OpenAPI
 * finishing (openApiDocumentFinisher) its main.ts gives createServiceApp, so /docs serves what is
 * committed; `overrides` are environment variables. What it started is closed again when starting
 * fails.
 */
export async function startServiceTestApp(
  label: string,
  overrides: Record<string, string>,
  service: ServiceUnderTest,
): Promise<ServiceTestApp> {
  const env = await createTestEnv(label, overrides);
  let app: NestFastifyApplication | undefined;
  const close = async () => {
    await app?.close();
    await env.teardown();
  };
  try {
    app = await createServiceApp(service.module(env), {
      title: service.area.info.title,
      description: service.area.info.description,
      openApi: openApiDocumentFinisher(service.area),
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const cred = await createTestCredential(app.get(DataSource), SCOPES);
    const started = app;
    return { env, app: started, cred, inject: (opts) => started.inject(opts), close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** What the fuzz of a running service needs besides the committed document and its error shape. */
export type ServedOpenApiTarget = Pick<FuzzTarget, 'inject' | 'token' | 'knownValues' | 'numRuns'>;

/**
 * The fuzz suite of a REST service booted as its main.ts boots it (call inside a describe): it serves
 * the committed `file` at /docs/openapi.json, and every operation of that document is fuzzed
 * (describeOpenApiFuzz) with the token and the test encryption key as the secrets no answer may hold.
 * `target` is read when the tests run (after the suite's beforeAll).
 */
export function describeServedOpenApiFuzz(
  file: string,
  shape: FuzzErrorShape,
  target: () => ServedOpenApiTarget,
): void {
  it('serves the committed document at /docs/openapi.json', async () => {
    const res = await target().inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.json()).toEqual(readCommittedOpenApi(file));
  });

  describeOpenApiFuzz(file, () => {
    const served = target();
    return {
      ...served,
      document: readCommittedOpenApi(file),
      shape,
      secrets: [served.token, TEST_ENCRYPTION_KEY],
    };
  });
}
