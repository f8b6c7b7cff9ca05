import { randomUUID } from 'node:crypto';
import { SecretBox } from '@platform/crypto';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import type { Response } from 'light-my-request';
import type { AppOperationResponse } from '../src/modules/apps/apps.response';
import { SecretStoreService } from '../src/modules/secret-store/secret-store.service';
import type { SecretSetResponse } from '../src/modules/secret-store/secrets.response';
import { ALL_HOSTING_SCOPES, HostingTestApp, startHostingTestApp } from './support/hosting-test-app';
import { recordSql } from './support/sql-recorder';

interface CommerceError {
  name: string;
  correlationId: string;
  details: { issue: string; field?: string; location: string }[];
}

const JSON_PATCH = 'application/json-patch+json';
const WRITE_SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.secret:write'];
const V1 = '/v1/hosting/apps';
const EARLIER = '/v1/hosting/nodejs/apps';

describe('GET …/secrets on both hosting namespaces (real Postgres)', () => {
  let t: HostingTestApp;
  let owner: TestCredential;
  /** Only `hosting.application:read`: the /v1/hosting read scope. */
  let v1Reader: TestCredential;
  /** Only `hosting.paas.apps:read`: the earlier namespace's read scope. */
  let paasReader: TestCredential;

  beforeAll(async () => {
    t = await startHostingTestApp('hosting-secrets-read');
    owner = await t.newCredential(WRITE_SCOPES);
    v1Reader = await t.newCredential(['hosting.application:read'], owner.accountId);
    paasReader = await t.newCredential(['hosting.paas.apps:read'], owner.accountId);
  });

  afterAll(async () => {
    await t?.close();
  });

  const newApp = async (cred: TestCredential = owner): Promise<string> => {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/hosting/apps?appType=NODEJS',
      headers: cred.headers,
      payload: { name: 'secrets read app' },
    });
    expect(res.statusCode).toBe(202);
    return (res.json() as AppOperationResponse).appId;
  };

  const patch = async (appId: string, variant: 'PREVIEW' | 'PUBLISH', ops: unknown): Promise<Response> => {
    const res = await t.inject({
      method: 'PATCH',
      url: `${V1}/${appId}/secrets?variant=${variant}`,
      headers: { ...owner.headers, 'content-type': JSON_PATCH },
      payload: JSON.stringify(ops),
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  const read = (base: string, appId: string, cred: TestCredential | null, query = ''): Promise<Response> =>
    t.inject({ method: 'GET', url: `${base}/${appId}/secrets${query}`, headers: cred?.headers ?? {} });

  const names = (set: SecretSetResponse): { preview: string[]; publish: string[] } => ({
    preview: set.variants.preview.secrets.map((s) => s.name),
    publish: set.variants.publish.secrets.map((s) => s.name),
  });

  /** An app with user secrets in both variants and a system-managed one in PREVIEW. */
  const appWithSecrets = async (): Promise<{ appId: string; lastPatch: SecretSetResponse }> => {
    const appId = await newApp();
    await patch(appId, 'PREVIEW', [
      { op: 'add', path: '/ZETA', value: 'z' },
      { op: 'add', path: '/API_KEY', value: 'k' },
      { op: 'add', path: '/db~1password', value: 'p' },
    ]);
    await t.app.get(SecretStoreService).setSystemSecret(appId, 'PREVIEW', 'APP_URL', 'https://a.test');
    const last = await patch(appId, 'PUBLISH', [
      { op: 'add', path: '/PUBLISHED', value: 'q' },
      { op: 'add', path: '/BETA', value: 'b' },
    ]);
    return { appId, lastPatch: last.json() as SecretSetResponse };
  };

  describe('GET /v1/hosting/apps/{appId}/secrets', () => {
    it('answers the secret set of both variants, names sorted, metadata only, as PATCH answered it', async () => {
      const { appId, lastPatch } = await appWithSecrets();
      const res = await read(V1, appId, v1Reader);
      expect(res.statusCode).toBe(200);
      const set = res.json() as SecretSetResponse;
      expect(set.shared).toEqual({ secrets: [] });
      expect(names(set)).toEqual({
        preview: ['API_KEY', 'APP_URL', 'ZETA', 'db/password'],
        publish: ['BETA', 'PUBLISHED'],
      });
      for (const item of [...set.variants.preview.secrets, ...set.variants.publish.secrets]) {
        expect(Object.keys(item).sort()).toEqual(['createdAt', 'name', 'systemManaged', 'updatedAt']);
        expect(item.systemManaged).toBe(item.name === 'APP_URL');
        expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
        expect(new Date(item.updatedAt).toISOString()).toBe(item.updatedAt);
      }
      expect(set).toEqual(lastPatch);
    });

    it('takes variant PREVIEW (the default) or PUBLISH; the answer is the same whole set', async () => {
      const { appId } = await appWithSecrets();
      const byDefault = await read(V1, appId, v1Reader);
      expect(byDefault.statusCode).toBe(200);
      for (const query of ['?variant=PREVIEW', '?variant=PUBLISH']) {
        const res = await read(V1, appId, v1Reader, query);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(byDefault.json());
      }
    });

    it('answers 400 INVALID_REQUEST (commerce shape) for any other variant', async () => {
      const appId = await newApp();
      for (const query of ['?variant=STAGING', '?variant=preview', '?variant=', '?target=PREVIEW']) {
        const res = await read(V1, appId, v1Reader, query);
        expect(res.statusCode).toBe(400);
        const body = res.json() as CommerceError;
        expect(body.name).toBe('INVALID_REQUEST');
        expect(body.correlationId).toEqual(expect.any(String));
        expect(body.details[0].location).toBe('query');
      }
    });

    it('is limited per client IP as a hosting read, with X-RateLimit-* headers', async () => {
      const appId = await newApp();
      const res = await read(V1, appId, v1Reader);
      const status = await t.inject({
        method: 'GET',
        url: `${V1}/${appId}/status`,
        headers: v1Reader.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(status.headers['x-ratelimit-limit']);
      expect(Number(res.headers['x-ratelimit-limit'])).toBe(60 * 100); // RATE_LIMIT_IP_MULTIPLIER=100
      expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(60 * 100);
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    });

    it('401 without a token, 403 without hosting.application:read (earlier-namespace scopes included)', async () => {
      const appId = await newApp();
      expect((await read(V1, appId, null)).statusCode).toBe(401);
      for (const scopes of [
        ['hosting.paas.apps:read'],
        ['hosting.secret:write', 'hosting.application:update', 'hosting.log:read'],
      ] satisfies Scope[][]) {
        const res = await read(V1, appId, await t.newCredential(scopes, owner.accountId));
        expect(res.statusCode).toBe(403);
        expect((res.json() as CommerceError).name).toBe('FORBIDDEN');
      }
    });

    it('404 APP_NOT_FOUND for an unknown app and for another account’s', async () => {
      const { appId } = await appWithSecrets();
      const unknown = await read(V1, 'NODEJS-aaaaaaaaaa', v1Reader);
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as CommerceError).name).toBe('APP_NOT_FOUND');
      const stranger = await t.newCredential(['hosting.application:read']);
      const foreign = await read(V1, appId, stranger);
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
      expect(foreign.body).not.toContain('API_KEY');
    });
  });

  describe('GET /v1/hosting/nodejs/apps/{appId}/secrets (earlier namespace)', () => {
    it('answers the same secret set with hosting.paas.apps:read, variant preview|publish (default preview)', async () => {
      const { appId } = await appWithSecrets();
      const v1 = (await read(V1, appId, v1Reader)).json() as SecretSetResponse;
      for (const query of ['', '?variant=preview', '?variant=publish', '?variant=PUBLISH']) {
        const res = await read(EARLIER, appId, paasReader, query);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(v1);
      }
      expect(names(v1).preview).toEqual(['API_KEY', 'APP_URL', 'ZETA', 'db/password']);
    });

    it('answers 400 INVALID_REQUEST for another variant', async () => {
      const appId = await newApp();
      for (const query of ['?variant=staging', '?variant=', '?variant=prod']) {
        const res = await read(EARLIER, appId, paasReader, query);
        expect(res.statusCode).toBe(400);
        expect((res.json() as CommerceError).name).toBe('INVALID_REQUEST');
      }
    });

    it('401 without a token, 403 without hosting.paas.apps:read (/v1/hosting scopes included)', async () => {
      const appId = await newApp();
      expect((await read(EARLIER, appId, null)).statusCode).toBe(401);
      for (const scopes of [
        ['hosting.application:read'],
        ['hosting.paas.secrets:write', 'hosting.paas.logs:read', 'hosting.paas.apps:create'],
      ] satisfies Scope[][]) {
        const res = await read(EARLIER, appId, await t.newCredential(scopes, owner.accountId));
        expect(res.statusCode).toBe(403);
        expect((res.json() as CommerceError).name).toBe('FORBIDDEN');
      }
    });

    it('404 APP_NOT_FOUND for an unknown app and for another account’s', async () => {
      const appId = await newApp();
      const unknown = await read(EARLIER, 'NODEJS-aaaaaaaaaa', paasReader);
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as CommerceError).name).toBe('APP_NOT_FOUND');
      const foreign = await read(EARLIER, appId, await t.newCredential(['hosting.paas.apps:read']));
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
    });
  });

  describe('no value leaves', () => {
    it('no response of either GET holds a secret value, none decrypts nor selects sealed_value', async () => {
      const appId = await newApp();
      const values = {
        PREVIEW: [`leak-probe-preview-${randomUUID()}`, `leak-probe-preview-${randomUUID()}`],
        PUBLISH: [`leak-probe-publish-${randomUUID()}`],
      };
      await patch(appId, 'PREVIEW', [
        { op: 'add', path: '/PROBE_A', value: values.PREVIEW[0] },
        { op: 'add', path: '/PROBE_B', value: values.PREVIEW[1] },
      ]);
      await patch(appId, 'PUBLISH', [{ op: 'add', path: '/PROBE_C', value: values.PUBLISH[0] }]);
      const systemValue = `leak-probe-system-${randomUUID()}`;
      await t.app.get(SecretStoreService).setSystemSecret(appId, 'PUBLISH', 'SYSTEM_PROBE', systemValue);
      const secretValues = [...values.PREVIEW, ...values.PUBLISH, systemValue];

      const open = jest.spyOn(t.app.get(SecretBox), 'open');
      const { sql, restore: stopRecording } = recordSql(t.dataSource);
      const responses: Response[] = [];
      try {
        for (const query of ['', '?variant=PREVIEW', '?variant=PUBLISH', '?variant=BAD']) {
          responses.push(await read(V1, appId, v1Reader, query));
        }
        for (const query of ['', '?variant=preview', '?variant=publish', '?variant=bad']) {
          responses.push(await read(EARLIER, appId, paasReader, query));
        }
        responses.push(await read(V1, appId, paasReader), await read(EARLIER, appId, v1Reader));
        responses.push(await read(V1, appId, await t.newCredential(['hosting.application:read'])));
      } finally {
        stopRecording();
      }
      try {
        expect(responses.map((r) => r.statusCode)).toEqual([
          200, 200, 200, 400, 200, 200, 200, 400, 403, 403, 404,
        ]);
        expect(names(responses[0].json() as SecretSetResponse)).toEqual({
          preview: ['PROBE_A', 'PROBE_B'],
          publish: ['PROBE_C', 'SYSTEM_PROBE'],
        });
        for (const res of responses) {
          const text = JSON.stringify(res.headers) + res.body;
          for (const value of secretValues) expect(text).not.toContain(value);
          expect(text).not.toContain('leak-probe');
        }
        expect(open).not.toHaveBeenCalled();
        expect(sql.some((text) => text.includes('app_secrets'))).toBe(true);
        expect(sql.filter((text) => /sealed_value|key_id/.test(text))).toEqual([]);
      } finally {
        open.mockRestore();
      }
    });
  });
});
