import { Body, Controller, DynamicModule, Get, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CurrentPrincipal, Principal, Public, RequiresScopes, TokenService } from '@platform/auth';
import { ErrorFamily, Errors } from '@platform/errors';
import { TestCredential, TestEnv, createTestCredential, createTestEnv } from '@platform/testing';
import { IsEmail, IsInt, Max } from 'class-validator';
import { DataSource } from 'typeorm';
import { ServiceKitModule } from '../src/service-kit.module';
import { createServiceApp } from '../src/bootstrap';

class CreateThing {
  @IsEmail()
  email!: string;

  @IsInt()
  @Max(5)
  count!: number;
}

@Controller('things')
class ThingsController {
  @Get('open')
  @Public()
  open() {
    return { open: true };
  }

  @Get('mine')
  whoAmI(@CurrentPrincipal() principal: Principal) {
    return { accountId: principal.accountId };
  }

  @Get('logs')
  @RequiresScopes('hosting.application:read', 'hosting.log:read')
  logs() {
    return { logs: [] };
  }

  @Post()
  @RequiresScopes('commerce.customer:create')
  create(@Body() body: CreateThing) {
    return body;
  }

  @Get('boom')
  boom() {
    throw new Error('secret connection string postgres://u:p@db');
  }

  @Get('gone')
  gone() {
    throw Errors.notFound('no such thing', 'THING_NOT_FOUND');
  }
}

@Module({})
class TestAppModule {
  static forRoot(env: TestEnv, errorFamily: ErrorFamily): DynamicModule {
    return {
      module: TestAppModule,
      controllers: [ThingsController],
      imports: [ServiceKitModule.forRoot({ config: env.config('kit-test'), errorFamily, migrationSets: [] })],
    };
  }
}

describe.each<ErrorFamily>(['domains', 'commerce'])(
  'service kit (%s errors, real Postgres and Redis)',
  (family) => {
    let env: TestEnv;
    let app: NestFastifyApplication;
    let reader: TestCredential;
    let writer: TestCredential;

    beforeAll(async () => {
      env = await createTestEnv(`kit-${family}`);
      app = await createServiceApp(TestAppModule.forRoot(env, family), { title: 'test' });
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      const ds = app.get(DataSource);
      reader = await createTestCredential(ds, ['hosting.log:read']);
      writer = await createTestCredential(ds, ['commerce.customer:create'], { accountId: reader.accountId });
    });

    afterAll(async () => {
      await app?.close();
      await env?.teardown();
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });

    function expectErrorShape(body: Record<string, unknown>, code: string) {
      if (family === 'domains') expect(body).toMatchObject({ code, message: expect.any(String) });
      else
        expect(body).toMatchObject({
          name: code,
          correlationId: expect.any(String),
          message: expect.any(String),
        });
    }

    it('serves a public route without credentials', async () => {
      const res = await get('/things/open');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ open: true });
    });

    it.each([
      ['missing', undefined],
      ['not Bearer', 'Basic dXNlcjpwYXNz'],
      ['malformed', 'Bearer not-a-token'],
      ['unknown', 'Bearer dpat_000000000000000000000000000000000000'],
    ])('answers 401 for a %s credential', async (_case, authorization) => {
      const res = await get('/things/mine', authorization ? { authorization } : {});
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expectErrorShape(res.json(), 'UNAUTHORIZED');
    });

    it('answers 401 for an expired token', async () => {
      const ds = app.get(DataSource);
      const expiring = await createTestCredential(ds, ['hosting.log:read'], { expiresInSeconds: 1 });
      await ds.query(`UPDATE auth.access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        expiring.tokenId,
      ]);
      const res = await get('/things/mine', expiring.headers);
      expect(res.statusCode).toBe(401);
    });

    it('answers 401 for a revoked token on the very next request', async () => {
      const ds = app.get(DataSource);
      const cred = await createTestCredential(ds, ['hosting.log:read']);
      expect((await get('/things/mine', cred.headers)).statusCode).toBe(200);
      await new TokenService(ds).revoke(cred.tokenId);
      expect((await get('/things/mine', cred.headers)).statusCode).toBe(401);
    });

    it('lets any valid token through a route without scopes and exposes the principal', async () => {
      const res = await get('/things/mine', reader.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accountId: reader.accountId });
    });

    it('grants a route when the token holds one of its scopes (any-of)', async () => {
      expect((await get('/things/logs', reader.headers)).statusCode).toBe(200);
    });

    it('answers 403 when the token lacks every required scope', async () => {
      const res = await get('/things/logs', writer.headers);
      expect(res.statusCode).toBe(403);
      expectErrorShape(res.json(), 'FORBIDDEN');
    });

    it('validates bodies at the edge with one entry per bad field', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: writer.headers,
        payload: { email: 'nope', count: 9, extra: 1 },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      if (family === 'domains') {
        expect(body.code).toBe('INVALID_BODY');
        expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
          '$.count',
          '$.email',
          '$.extra',
        ]);
      } else {
        expect(body.name).toBe('INVALID_REQUEST');
        expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual([
          '/count',
          '/email',
          '/extra',
        ]);
        expect(body.details.every((d: { location: string }) => d.location === 'body')).toBe(true);
      }
    });

    it('answers malformed JSON with 400 in the area shape', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: { ...writer.headers, 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json(), 'INVALID_BODY');
    });

    it('hides unexpected errors behind a generic 500 without details', async () => {
      const res = await get('/things/boom', reader.headers);
      expect(res.statusCode).toBe(500);
      expectErrorShape(res.json(), 'INTERNAL_ERROR');
      expect(res.body).not.toContain('postgres://');
      expect(res.body).not.toContain('at ');
    });

    it('renders a feature error with its own code', async () => {
      const res = await get('/things/gone', reader.headers);
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json(), 'THING_NOT_FOUND');
    });

    it('answers an unknown route with 404 in the area shape', async () => {
      const res = await get('/nowhere', reader.headers);
      expect(res.statusCode).toBe(404);
      expectErrorShape(res.json(), 'NOT_FOUND');
    });

    it('echoes a uuid X-Request-Id and uses it as the correlation id', async () => {
      const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
      const res = await get('/things/gone', { ...reader.headers, 'x-request-id': id });
      expect(res.headers['x-request-id']).toBe(id);
      if (family === 'commerce') expect(res.json().correlationId).toBe(id);
    });

    it('replaces a non-uuid X-Request-Id with a generated one', async () => {
      const res = await get('/things/open', { 'x-request-id': 'not-a-uuid' });
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    });

    it('continues the caller trace and answers with traceresponse', async () => {
      const res = await get('/things/open', {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      });
      expect(res.headers.traceresponse).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
      expect(res.headers.traceresponse).not.toContain('b7ad6b7169203331');
    });

    it('reports liveness and readiness (database, redis, migrations)', async () => {
      expect((await get('/health/live')).statusCode).toBe(200);
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ok',
        info: { database: { status: 'up' }, redis: { status: 'up' } },
      });
    });

    it('exposes Prometheus metrics with request durations by route template', async () => {
      await get('/things/mine', reader.headers);
      const res = await get('/metrics');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toMatch(
        /http_server_request_duration_seconds_count\{method="GET",route="\/things\/mine",status_code="200"\} \d+/,
      );
    });

    it('serves the OpenAPI document', async () => {
      const res = await get('/docs/openapi.json');
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/things/open', '/things/logs']));
    });
  },
);
