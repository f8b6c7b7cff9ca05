import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { SecretBox } from '@platform/crypto';
import { REPLAYED_HEADER } from '@platform/idempotency';
import type { Scope } from '@platform/scopes';
import { waitFor } from '@platform/testing';
import type { TestCredential } from '@platform/testing';
import type { AppOperationResponse } from '../src/modules/apps/apps.response';
import type { VariantEnvSource } from '../src/modules/runtime-env/variant-env-source';
import { VARIANT_ENV_SOURCE } from '../src/modules/runtime-env/variant-env-source';
import { SecretStoreService } from '../src/modules/secret-store/secret-store.service';
import type { SecretSetResponse } from '../src/modules/secret-store/secrets.response';
import { postHostingApp } from './support/hosting-flows';
import type { HostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startHostingTestApp,
  startHostingWithWorker,
} from './support/hosting-test-app';
import { recordSql } from './support/sql-recorder';

interface CommerceError {
  name: string;
  correlationId: string;
  message: string;
  details: { issue: string; field?: string; location: string; value?: string }[];
}

const JSON_PATCH = 'application/json-patch+json';
const SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.secret:write', 'hosting.paas.secrets:write'];

describe('hosting secrets (real Postgres)', () => {
  let t: HostingTestApp;
  let worker: HostingWorkerHarness;
  let cred: TestCredential;

  beforeAll(async () => {
    ({ t, worker } = await startHostingWithWorker('hosting-secrets'));
    cred = await t.newCredential(SCOPES);
  });

  afterAll(() => closeWorkerThenApp(worker, t));

  const newApp = async (owner: TestCredential = cred): Promise<string> =>
    (await postHostingApp(t, owner, 'secrets app')).appId;

  const patch = (
    appId: string,
    ops: unknown,
    opts: {
      query?: string;
      cred?: TestCredential;
      contentType?: string | null;
      headers?: Record<string, string>;
      earlier?: boolean;
    } = {},
  ) => {
    const headers: Record<string, string> = { ...(opts.cred ?? cred).headers, ...opts.headers };
    if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? JSON_PATCH;
    const base = opts.earlier ? '/v1/hosting/nodejs/apps' : '/v1/hosting/apps';
    return t.inject({
      method: 'PATCH',
      url: `${base}/${appId}/secrets${opts.query ?? ''}`,
      headers,
      payload: ops === undefined ? undefined : JSON.stringify(ops),
    });
  };

  const names = (set: SecretSetResponse, variant: 'preview' | 'publish' = 'preview'): string[] =>
    set.variants[variant].secrets.map((s) => s.name);

  const rows = async (appId: string) =>
    (await t.dataSource.query(
      `SELECT variant, name, sealed_value, key_id, system_managed, created_at, updated_at
         FROM hosting.app_secrets WHERE app_id = $1 ORDER BY variant, name`,
      [appId],
    )) as {
      variant: string;
      name: string;
      sealed_value: Buffer;
      key_id: string;
      system_managed: boolean;
      created_at: Date;
      updated_at: Date;
    }[];

  const refused = async (appId: string, ops: unknown, issue: string, field?: string) => {
    const res = await patch(appId, ops);
    expect(res.statusCode).toBe(400);
    const body = res.json() as CommerceError;
    expect(body.name).toBe('INVALID_REQUEST');
    expect(body.correlationId).toEqual(expect.any(String));
    expect(body.details).toHaveLength(1);
    expect(body.details[0]).toMatchObject({ issue, location: 'body' });
    if (field !== undefined) expect(body.details[0].field).toBe(field);
    return body;
  };

  describe('PATCH /v1/hosting/apps/{appId}/secrets', () => {
    it('adds, replaces and removes; answers the secret set without values', async () => {
      const appId = await newApp();
      const first = await patch(appId, [
        { op: 'add', path: '/API_KEY', value: 'sk-live-first-value' },
        { op: 'add', path: '/db~1password', value: 'hunter2-pass' },
        { op: 'add', path: '/SMTP_HOST', value: 'smtp.example.test' },
      ]);
      expect(first.statusCode).toBe(200);
      const set = first.json() as SecretSetResponse;
      expect(set.shared).toEqual({ secrets: [] });
      expect(names(set).sort()).toEqual(['API_KEY', 'SMTP_HOST', 'db/password']);
      expect(set.variants.publish.secrets).toEqual([]);
      for (const item of set.variants.preview.secrets) {
        expect(Object.keys(item).sort()).toEqual(['createdAt', 'name', 'systemManaged', 'updatedAt']);
        expect(item.systemManaged).toBe(false);
        expect(item.createdAt.length).toBeGreaterThanOrEqual(20);
        expect(item.updatedAt.length).toBeGreaterThanOrEqual(20);
        expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
      }
      expect(first.body).not.toContain('sk-live-first-value');
      expect(first.body).not.toContain('hunter2-pass');

      const second = await patch(appId, [
        { op: 'replace', path: '/API_KEY', value: 'sk-live-second-value' },
        { op: 'remove', path: '/db~1password' },
        { op: 'add', path: '/NEW', value: 'n' },
      ]);
      expect(second.statusCode).toBe(200);
      const after = second.json() as SecretSetResponse;
      expect(names(after).sort()).toEqual(['API_KEY', 'NEW', 'SMTP_HOST']);
      const apiKey = after.variants.preview.secrets.find((s) => s.name === 'API_KEY');
      const before = set.variants.preview.secrets.find((s) => s.name === 'API_KEY');
      expect(apiKey?.createdAt).toBe(before?.createdAt);
      expect((apiKey?.updatedAt ?? '') >= (before?.updatedAt ?? '')).toBe(true);
      expect(second.body).not.toContain('sk-live-second-value');

      const env = await worker.app.get<symbol, VariantEnvSource>(VARIANT_ENV_SOURCE).envFor(appId, 'PREVIEW');
      expect(env).toEqual({ API_KEY: 'sk-live-second-value', NEW: 'n', SMTP_HOST: 'smtp.example.test' });
    });

    it('keeps values encrypted at rest (AES-256-GCM) with the key id beside them', async () => {
      const appId = await newApp();
      const plaintext = 'plain-text-secret-' + randomUUID();
      expect((await patch(appId, [{ op: 'add', path: '/TOKEN', value: plaintext }])).statusCode).toBe(200);
      const [row] = await rows(appId);
      expect(row.name).toBe('TOKEN');
      expect(Buffer.isBuffer(row.sealed_value)).toBe(true);
      expect(row.sealed_value.includes(Buffer.from(plaintext, 'utf8'))).toBe(false);
      expect(row.sealed_value.includes(Buffer.from(plaintext.slice(0, 10), 'utf8'))).toBe(false);
      expect(row.sealed_value.length).toBeGreaterThan(plaintext.length);
      expect(row.key_id).toBe(new SecretBox(t.env.config('hosting').secretsEncryptionKey).keyId);
      expect(row.key_id).toBe(t.app.get(SecretBox).keyId);
      // The associated data binds the value to its app, variant and name.
      const box = t.app.get(SecretBox);
      expect(() =>
        box.open(row.sealed_value, JSON.stringify(['hosting.app_secrets', appId, 'PUBLISH', 'TOKEN'])),
      ).toThrow();
      expect(
        box.open(row.sealed_value, JSON.stringify(['hosting.app_secrets', appId, 'PREVIEW', 'TOKEN'])),
      ).toBe(plaintext);
    });

    it('defaults to PREVIEW, keeps PUBLISH apart, refuses another variant', async () => {
      const appId = await newApp();
      expect((await patch(appId, [{ op: 'add', path: '/ONLY_PREVIEW', value: 'p' }])).statusCode).toBe(200);
      const published = await patch(appId, [{ op: 'add', path: '/ONLY_PUBLISH', value: 'q' }], {
        query: '?variant=PUBLISH',
      });
      expect(published.statusCode).toBe(200);
      const set = published.json() as SecretSetResponse;
      expect(names(set, 'preview')).toEqual(['ONLY_PREVIEW']);
      expect(names(set, 'publish')).toEqual(['ONLY_PUBLISH']);

      // PUBLISH has no ONLY_PREVIEW to remove: the variants do not share secrets.
      const missing = await patch(appId, [{ op: 'remove', path: '/ONLY_PREVIEW' }], {
        query: '?variant=PUBLISH',
      });
      expect(missing.statusCode).toBe(400);
      expect((missing.json() as CommerceError).details[0].issue).toBe('SECRET_NOT_FOUND');

      for (const query of ['?variant=STAGING', '?variant=preview', '?variant=', '?target=PREVIEW']) {
        const res = await patch(appId, [{ op: 'add', path: '/X', value: 'x' }], { query });
        expect(res.statusCode).toBe(400);
        expect((res.json() as CommerceError).name).toBe('INVALID_REQUEST');
      }
      const store = t.app.get(SecretStoreService);
      expect(await store.decrypted(appId, 'PREVIEW')).toEqual({ ONLY_PREVIEW: 'p' });
      expect(await store.decrypted(appId, 'PUBLISH')).toEqual({ ONLY_PUBLISH: 'q' });
    });

    it('takes 1 to 50 operations', async () => {
      const appId = await newApp();
      await refused(appId, [], 'INVALID_PATCH', '');
      await refused(appId, { op: 'add', path: '/A', value: 'a' }, 'INVALID_PATCH', '');
      const fifty = Array.from({ length: 50 }, (_, i) => ({ op: 'add', path: `/K${i}`, value: `v${i}` }));
      await refused(appId, [...fifty, { op: 'remove', path: '/K0' }], 'TOO_MANY_OPERATIONS', '');
      const ok = await patch(appId, fifty);
      expect(ok.statusCode).toBe(200);
      expect((ok.json() as SecretSetResponse).variants.preview.secrets).toHaveLength(50);
      // A 51st secret is refused; replacing within the 50 is not.
      await refused(appId, [{ op: 'add', path: '/ONE_MORE', value: 'x' }], 'TOO_MANY_SECRETS', '');
      expect((await patch(appId, [{ op: 'replace', path: '/K1', value: 'w' }])).statusCode).toBe(200);
      expect(
        (
          await patch(appId, [
            { op: 'remove', path: '/K1' },
            { op: 'add', path: '/ONE_MORE', value: 'x' },
          ])
        ).statusCode,
      ).toBe(200);
    });

    it.each(['test', 'move', 'copy', 'ADD', 'spam'])('refuses op %s with 400 UNSUPPORTED_OP', async (op) => {
      const appId = await newApp();
      await refused(appId, [{ op, path: '/A', from: '/B', value: 'a' }], 'UNSUPPORTED_OP', '/0/op');
    });

    it('unescapes ~1 to / and ~0 to ~ and checks the name syntax', async () => {
      const appId = await newApp();
      const res = await patch(appId, [{ op: 'add', path: '/API~1KEY', value: 'k' }]);
      expect(res.statusCode).toBe(200);
      expect(names(res.json() as SecretSetResponse)).toEqual(['API/KEY']);
      const refusal = await refused(
        appId,
        [{ op: 'add', path: '/a~0b', value: 'v' }],
        'INVALID_SECRET_NAME',
        '/0/path',
      );
      expect(refusal.details[0].value).toBe('/a~0b');
      await refused(appId, [{ op: 'add', path: '/A/B', value: 'v' }], 'INVALID_PATH', '/0/path');
      await refused(appId, [{ op: 'add', path: '/A~2', value: 'v' }], 'INVALID_PATH', '/0/path');
      for (const path of ['/1A', '/_A', '/A B', '/A:B', '/é']) {
        await refused(appId, [{ op: 'add', path, value: 'v' }], 'INVALID_SECRET_NAME', '/0/path');
      }
      // remove of API/KEY through its escaped path works.
      expect((await patch(appId, [{ op: 'remove', path: '/API~1KEY' }])).statusCode).toBe(200);
    });

    it.each([
      'PATH',
      'PORT',
      'home',
      'NODE_OPTIONS',
      'npm_config_registry',
      'LD_PRELOAD',
      'DATABASE_URL',
      'SECRETS_ENCRYPTION_KEY',
    ])('refuses the reserved name %s', async (name) => {
      const appId = await newApp();
      await refused(appId, [{ op: 'add', path: `/${name}`, value: 'v' }], 'RESERVED_SECRET_NAME', '/0/path');
    });

    it('lists system-managed secrets and refuses to add over, replace or remove them', async () => {
      const appId = await newApp();
      await t.app
        .get(SecretStoreService)
        .setSystemSecret(appId, 'PREVIEW', 'APP_URL', 'https://app.example.test');
      for (const op of [
        { op: 'add', path: '/APP_URL', value: 'v' },
        { op: 'replace', path: '/APP_URL', value: 'v' },
        { op: 'remove', path: '/APP_URL' },
      ]) {
        await refused(appId, [op], 'SYSTEM_SECRET', '/0/path');
      }
      const res = await patch(appId, [{ op: 'add', path: '/MINE', value: 'm' }]);
      expect(res.statusCode).toBe(200);
      const set = res.json() as SecretSetResponse;
      expect(set.variants.preview.secrets.map((s) => [s.name, s.systemManaged])).toEqual([
        ['APP_URL', true],
        ['MINE', false],
      ]);
      expect(res.body).not.toContain('app.example.test');
      // PUBLISH has no system secret of that name: there it is an ordinary name.
      expect(
        (await patch(appId, [{ op: 'add', path: '/APP_URL', value: 'p' }], { query: '?variant=PUBLISH' }))
          .statusCode,
      ).toBe(200);
    });

    it('takes values up to 8 KB and refuses larger or non-string ones', async () => {
      const appId = await newApp();
      expect((await patch(appId, [{ op: 'add', path: '/BIG', value: 'x'.repeat(8192) }])).statusCode).toBe(
        200,
      );
      await refused(
        appId,
        [{ op: 'add', path: '/BIGGER', value: 'x'.repeat(8193) }],
        'SECRET_VALUE_TOO_LARGE',
        '/0/value',
      );
      // 8192 bytes of UTF-8, not characters: 2731 × "é" (2 bytes) is 5462 bytes, 4097 × "é" is 8194.
      await refused(
        appId,
        [{ op: 'add', path: '/WIDE', value: 'é'.repeat(4097) }],
        'SECRET_VALUE_TOO_LARGE',
        '/0/value',
      );
      await refused(appId, [{ op: 'add', path: '/NUM', value: 1 }], 'INVALID_SECRET_VALUE', '/0/value');
      await refused(appId, [{ op: 'add', path: '/NONE' }], 'INVALID_SECRET_VALUE', '/0/value');
      await refused(appId, [{ op: 'remove', path: '/BIG', value: 'x' }], 'INVALID_OPERATION', '/0/value');
      await refused(appId, [{ op: 'replace', path: '/ABSENT', value: 'x' }], 'SECRET_NOT_FOUND', '/0/path');
      const body = await refused(
        appId,
        [{ op: 'add', path: '/BIGGER', value: 'secret-y'.repeat(2000) }],
        'SECRET_VALUE_TOO_LARGE',
      );
      expect(JSON.stringify(body)).not.toContain('secret-y');
    });

    it('is atomic: a patch whose third operation fails changes nothing', async () => {
      const appId = await newApp();
      expect(
        (
          await patch(appId, [
            { op: 'add', path: '/KEEP', value: 'keep' },
            { op: 'add', path: '/GONE', value: 'gone' },
          ])
        ).statusCode,
      ).toBe(200);
      const before = await rows(appId);
      await refused(
        appId,
        [
          { op: 'replace', path: '/KEEP', value: 'changed' },
          { op: 'remove', path: '/GONE' },
          { op: 'replace', path: '/MISSING', value: 'x' },
          { op: 'add', path: '/LATER', value: 'y' },
        ],
        'SECRET_NOT_FOUND',
        '/2/path',
      );
      await refused(
        appId,
        [
          { op: 'add', path: '/NEW1', value: '1' },
          { op: 'remove', path: '/KEEP' },
          { op: 'add', path: '/PATH', value: 'x' },
        ],
        'RESERVED_SECRET_NAME',
        '/2/path',
      );
      expect(await rows(appId)).toEqual(before);
      expect(await t.app.get(SecretStoreService).decrypted(appId, 'PREVIEW')).toEqual({
        GONE: 'gone',
        KEEP: 'keep',
      });
    });

    describe('50 operations in one patch', () => {
      const key = (n: number) => `K${String(n).padStart(2, '0')}`;
      /** 40 secrets K00..K39 with values of 10 B to 8 KB. */
      const seeded = async (): Promise<{ appId: string; values: Record<string, string> }> => {
        const appId = await newApp();
        const values: Record<string, string> = {};
        for (let n = 0; n < 40; n++) values[key(n)] = `seed-${n}-`.padEnd(10 + ((n * 211) % 8180), 's');
        const res = await patch(
          appId,
          Object.entries(values).map(([name, value]) => ({ op: 'add', path: `/${name}`, value })),
        );
        expect(res.statusCode).toBe(200);
        return { appId, values };
      };
      /**
       * Interleaved: replace K00..K14 (add over K00..K04, replace K05..K14), remove K15..K29, add N00..N19
       * (up to 8 KB, one with multi-byte UTF-8); K30..K39 untouched. 50 operations, 45 secrets after.
       */
      const mixed = (suffix: string) => {
        const ops: { op: string; path: string; value?: string }[] = [];
        const expected: Record<string, string> = {};
        for (let i = 0; i < 20; i++) {
          if (i < 15) {
            const value = `${suffix}-new-${key(i)}-`.padEnd(100 + i * 500, 'r');
            ops.push({ op: i < 5 ? 'add' : 'replace', path: `/${key(i)}`, value });
            expected[key(i)] = value;
            ops.push({ op: 'remove', path: `/${key(15 + i)}` });
          }
          const name = `N${String(i).padStart(2, '0')}`;
          const value = i === 7 ? 'é€😀'.repeat(900) : `${suffix}-added-${i}-`.padEnd(50 + i * 400, 'a');
          ops.push({ op: 'add', path: `/${name}`, value });
          expected[name] = value;
        }
        return { ops, expected };
      };

      it('applies add, replace and remove over 50 operations; seals only the written values', async () => {
        const { appId, values } = await seeded();
        const before = new Map((await rows(appId)).map((row) => [row.name, row]));
        const { ops, expected } = mixed('one');
        expect(ops).toHaveLength(50);

        const res = await patch(appId, ops);
        expect(res.statusCode).toBe(200);
        const untouched = Object.fromEntries(
          Array.from({ length: 10 }, (_, i) => [key(30 + i), values[key(30 + i)]]),
        );
        // Every value opens with the associated data of its own name: no value went to another row.
        expect(await t.app.get(SecretStoreService).decrypted(appId, 'PREVIEW')).toEqual({
          ...untouched,
          ...expected,
        });
        expect(names(res.json() as SecretSetResponse)).toEqual(
          Object.keys({ ...untouched, ...expected }).sort(),
        );
        const after = new Map((await rows(appId)).map((row) => [row.name, row]));
        expect(after.size).toBe(45);
        const keyId = t.app.get(SecretBox).keyId;
        for (const [name, row] of after) {
          expect(row.key_id).toBe(keyId);
          expect(row.system_managed).toBe(false);
          const old = before.get(name);
          if (name in untouched) {
            // Not written: the same sealed bytes and timestamps.
            expect(row).toEqual(old);
          } else if (old) {
            expect(row.created_at).toEqual(old.created_at);
            expect(row.updated_at.getTime()).toBeGreaterThanOrEqual(old.updated_at.getTime());
            expect(row.sealed_value.equals(old.sealed_value)).toBe(false);
          } else {
            expect(row.created_at).toEqual(row.updated_at);
          }
        }
      });

      it('is atomic when a statement fails while writing: a 50-operation patch changes nothing', async () => {
        const { appId } = await seeded();
        const before = await rows(appId);
        const decryptedBefore = await t.app.get(SecretStoreService).decrypted(appId, 'PREVIEW');
        // A real failure inside the write, after other rows of the same patch were written: Postgres
        // refuses one name of this app, on INSERT (an added name) or on UPDATE (a replaced name).
        await t.dataSource.query(
          `CREATE FUNCTION hosting.refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
        );
        await t.dataSource.query(
          `CREATE TRIGGER refuse_boom BEFORE INSERT OR UPDATE ON hosting.app_secrets FOR EACH ROW
           WHEN (NEW.app_id = '${appId}' AND NEW.name IN ('K39', 'N19')) EXECUTE FUNCTION hosting.refuse_boom()`,
        );
        try {
          const { ops } = mixed('two');
          // The last added name N19 fails the INSERT (the removals are done by then).
          expect((await patch(appId, ops)).statusCode).toBe(500);
          expect(await rows(appId)).toEqual(before);
          // Replacing K39 fails the UPDATE (the removals and additions are done by then).
          const withoutN19 = ops.filter((op) => op.path !== '/N19');
          const failing = [...withoutN19, { op: 'replace', path: '/K39', value: 'boom' }];
          expect(failing).toHaveLength(50);
          expect((await patch(appId, failing)).statusCode).toBe(500);
          expect(await rows(appId)).toEqual(before);
          expect(await t.app.get(SecretStoreService).decrypted(appId, 'PREVIEW')).toEqual(decryptedBefore);
        } finally {
          await t.dataSource.query(`DROP TRIGGER refuse_boom ON hosting.app_secrets`);
          await t.dataSource.query(`DROP FUNCTION hosting.refuse_boom()`);
        }
        expect((await patch(appId, mixed('three').ops)).statusCode).toBe(200);
      });

      it('sends as many SQL statements for 50 operations as for 1 (one per kind of write)', async () => {
        const { appId } = await seeded();
        // Every statement TypeORM sends to Postgres, as sent.
        const { sql, restore: stopRecording } = recordSql(t.dataSource);
        /**
         * The statements of one PATCH that name app_secrets (lock, read, writes, answer); the copy of
         * the new version into app_secret_snapshots is one statement whatever the patch.
         */
        const statements = async (ops: unknown[]) => {
          sql.length = 0;
          expect((await patch(appId, ops)).statusCode).toBe(200);
          const touching = sql.filter(
            (text) => text.includes('app_secrets') && !text.includes('app_secret_snapshots'),
          );
          const writes = touching.filter((text) => /^\s*(INSERT|UPDATE|DELETE)\b/i.test(text));
          return { all: sql.length, touching: touching.length, writes: writes.length };
        };
        try {
          const replaceOne = await statements([{ op: 'replace', path: '/K00', value: 'one' }]);
          const replaceFifty = await statements(
            Array.from({ length: 40 }, (_, n) => ({
              op: n % 2 ? 'add' : 'replace',
              path: `/${key(n)}`,
              value: `v${n}`,
            })),
          );
          const addOne = await statements([{ op: 'add', path: '/ADDED', value: 'a' }]);
          const removeOne = await statements([{ op: 'remove', path: '/ADDED' }]);
          const mixedFifty = await statements(mixed('four').ops);

          expect(replaceOne.writes).toBe(1);
          expect(addOne.writes).toBe(1);
          expect(removeOne.writes).toBe(1);
          expect(replaceFifty.writes).toBe(1);
          expect(replaceFifty.touching).toBe(replaceOne.touching);
          // One DELETE, one INSERT, one UPDATE, whatever the number of operations of each kind.
          expect(mixedFifty.writes).toBe(3);
          expect(mixedFifty.touching).toBe(replaceOne.touching + 2);
          expect(mixedFifty.all).toBeLessThanOrEqual(replaceOne.all + 2);
        } finally {
          stopRecording();
        }
      });
    });

    it('serializes concurrent patches of one variant (none is lost)', async () => {
      const appId = await newApp();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => patch(appId, [{ op: 'add', path: `/C${i}`, value: String(i) }])),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect((await rows(appId)).map((r) => r.name).sort()).toEqual(
        Array.from({ length: 8 }, (_, i) => `C${i}`).sort(),
      );
    });

    it('answers 415 (commerce error) for any content type but application/json-patch+json', async () => {
      const appId = await newApp();
      const ops = [{ op: 'add', path: '/A', value: 'a' }];
      for (const contentType of ['application/json', 'application/merge-patch+json', 'text/plain', null]) {
        const res = await patch(appId, ops, { contentType });
        expect(res.statusCode).toBe(415);
        const body = res.json() as CommerceError;
        expect(body.name).toBe('UNSUPPORTED_MEDIA_TYPE');
        expect(body.correlationId).toEqual(expect.any(String));
        expect(body.details[0].issue).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
      expect(await rows(appId)).toEqual([]);
      expect(
        (await patch(appId, ops, { contentType: 'application/json-patch+json; charset=utf-8' })).statusCode,
      ).toBe(200);
      // Malformed JSON under the right type: 400 INVALID_BODY.
      const bad = await t.inject({
        method: 'PATCH',
        url: `/v1/hosting/apps/${appId}/secrets`,
        headers: { ...cred.headers, 'content-type': JSON_PATCH },
        payload: '[{"op":',
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as CommerceError).name).toBe('INVALID_BODY');
    });

    it('replays the same Idempotency-Key and body, refuses a different body (422) and a malformed key (400)', async () => {
      const appId = await newApp();
      const key = randomUUID();
      const ops = [{ op: 'add', path: '/IDEM', value: 'once' }];
      const first = await patch(appId, ops, { headers: { 'idempotency-key': key } });
      expect(first.statusCode).toBe(200);
      const rowsAfterFirst = await rows(appId);

      const again = await patch(appId, ops, { headers: { 'idempotency-key': key } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers[REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(await rows(appId)).toEqual(rowsAfterFirst);

      const other = await patch(appId, [{ op: 'add', path: '/IDEM', value: 'twice' }], {
        headers: { 'idempotency-key': key },
      });
      expect(other.statusCode).toBe(422);
      const mismatch = other.json() as CommerceError;
      expect(mismatch.details[0].issue).toBe('IDEMPOTENCY_KEY_MISMATCH');
      expect(await rows(appId)).toEqual(rowsAfterFirst);

      const malformed = await patch(appId, ops, { headers: { 'idempotency-key': 'not-a-uuid' } });
      expect(malformed.statusCode).toBe(400);
      expect((malformed.json() as CommerceError).details[0]).toMatchObject({
        issue: 'INVALID_FORMAT',
        location: 'header',
      });

      // Errors are not replayed: a refused request releases its key, so the same request runs again.
      const key2 = randomUUID();
      const bad = await patch(appId, [{ op: 'remove', path: '/NOPE' }], {
        headers: { 'idempotency-key': key2 },
      });
      expect(bad.statusCode).toBe(400);
      const badAgain = await patch(appId, [{ op: 'remove', path: '/NOPE' }], {
        headers: { 'idempotency-key': key2 },
      });
      expect(badAgain.statusCode).toBe(400);
      expect(badAgain.headers[REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    });

    it('401 without a token, 403 without hosting.secret:write, 404 for unknown and foreign apps', async () => {
      const appId = await newApp();
      const ops = [{ op: 'add', path: '/A', value: 'a' }];
      const anonymous = await t.inject({
        method: 'PATCH',
        url: `/v1/hosting/apps/${appId}/secrets`,
        headers: { 'content-type': JSON_PATCH },
        payload: JSON.stringify(ops),
      });
      expect(anonymous.statusCode).toBe(401);

      const wrongScopes = await t.newCredential(
        ['hosting.application:update', 'hosting.paas.secrets:write'],
        cred.accountId,
      );
      const forbidden = await patch(appId, ops, { cred: wrongScopes });
      expect(forbidden.statusCode).toBe(403);
      expect((forbidden.json() as CommerceError).name).toBe('FORBIDDEN');

      const unknown = await patch('NODEJS-aaaaaaaaaa', ops);
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as CommerceError).name).toBe('APP_NOT_FOUND');

      const stranger = await t.newCredential(SCOPES);
      const foreign = await patch(appId, ops, { cred: stranger });
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
      expect(await rows(appId)).toEqual([]);

      expect((await patch('not an id', ops)).statusCode).toBe(400);
    });
  });

  describe('PATCH /v1/hosting/nodejs/apps/{appId}/secrets (earlier namespace)', () => {
    it('writes the same store with hosting.paas.secrets:write and variant=preview|publish', async () => {
      const appId = await newApp();
      const paas = await t.newCredential(['hosting.paas.secrets:write'], cred.accountId);
      const res = await patch(appId, [{ op: 'add', path: '/OLD_NS', value: 'o' }], {
        cred: paas,
        earlier: true,
        query: '?variant=publish',
      });
      expect(res.statusCode).toBe(200);
      expect(names(res.json() as SecretSetResponse, 'publish')).toEqual(['OLD_NS']);
      const upper = await patch(appId, [{ op: 'add', path: '/UPPER', value: 'u' }], {
        cred: paas,
        earlier: true,
        query: '?variant=PREVIEW',
      });
      expect(names(upper.json() as SecretSetResponse, 'preview')).toEqual(['UPPER']);
      const byDefault = await patch(appId, [{ op: 'add', path: '/DEFAULT', value: 'd' }], {
        cred: paas,
        earlier: true,
      });
      expect(names(byDefault.json() as SecretSetResponse, 'preview')).toEqual(['DEFAULT', 'UPPER']);

      expect(
        (
          await patch(appId, [{ op: 'add', path: '/X', value: 'x' }], {
            cred: paas,
            earlier: true,
            query: '?variant=staging',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await patch(appId, [{ op: 'add', path: '/X', value: 'x' }], {
            cred: paas,
            earlier: true,
            contentType: 'application/json',
          })
        ).statusCode,
      ).toBe(415);
      const unsupported = await patch(appId, [{ op: 'copy', from: '/UPPER', path: '/X' }], {
        cred: paas,
        earlier: true,
      });
      expect(unsupported.statusCode).toBe(400);
      expect((unsupported.json() as CommerceError).details[0].issue).toBe('UNSUPPORTED_OP');

      // Scopes of one namespace do not open the other.
      const v1Only = await t.newCredential(['hosting.secret:write'], cred.accountId);
      expect(
        (await patch(appId, [{ op: 'add', path: '/X', value: 'x' }], { cred: v1Only, earlier: true }))
          .statusCode,
      ).toBe(403);
      expect((await patch(appId, [{ op: 'add', path: '/X', value: 'x' }], { cred: paas })).statusCode).toBe(
        403,
      );

      const stranger = await t.newCredential(['hosting.paas.secrets:write']);
      const foreign = await patch(appId, [{ op: 'add', path: '/X', value: 'x' }], {
        cred: stranger,
        earlier: true,
      });
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
    });
  });

  describe('SecretEnvSource (VARIANT_ENV_SOURCE)', () => {
    it('gives the runtime the decrypted user and system secrets, minus names no environment can carry', async () => {
      const appId = await newApp();
      expect(
        (
          await patch(appId, [
            { op: 'add', path: '/DB_PASSWORD', value: 'p@ss word\nline2' },
            { op: 'add', path: '/A=B', value: 'cannot be an env var' },
            { op: 'add', path: '/api~1key', value: 'slash' },
          ])
        ).statusCode,
      ).toBe(200);
      await patch(appId, [{ op: 'add', path: '/PUBLISHED', value: 'pub' }], { query: '?variant=PUBLISH' });
      await t.app
        .get(SecretStoreService)
        .setSystemSecret(appId, 'PREVIEW', 'APP_URL', 'https://preview.test');

      const source = worker.app.get<symbol, VariantEnvSource>(VARIANT_ENV_SOURCE);
      expect(await source.envFor(appId, 'PREVIEW')).toEqual({
        APP_URL: 'https://preview.test',
        DB_PASSWORD: 'p@ss word\nline2',
        'api/key': 'slash',
      });
      expect(await source.envFor(appId, 'PUBLISH')).toEqual({ PUBLISHED: 'pub' });
      expect(await source.envFor('NODEJS-unknown000', 'PREVIEW')).toEqual({});
      // The API process binds the same source.
      expect(await t.app.get<symbol, VariantEnvSource>(VARIANT_ENV_SOURCE).envFor(appId, 'PUBLISH')).toEqual({
        PUBLISHED: 'pub',
      });
    });
  });

  describe('logs', () => {
    it('never writes a secret value to the logs, even at trace level (PATCH and GET)', async () => {
      const logged = await startHostingTestApp('hosting-secrets-logs', { LOG_LEVEL: 'trace' });
      const chunks: string[] = [];
      const capture = (chunk: unknown): void => {
        chunks.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
      };
      // pino writes through sonic-boom (fs.write / fs.writeSync on fd 1), Nest's own logger through stdout.
      const spies = [
        jest.spyOn(fs, 'write').mockImplementation(((_fd: number, chunk: unknown, ...rest: unknown[]) => {
          capture(chunk);
          const callback = rest.find((r) => typeof r === 'function') as
            ((e: null, n: number) => void) | undefined;
          callback?.(null, Buffer.byteLength(String(chunk)));
        }) as unknown as typeof fs.write),
        jest.spyOn(fs, 'writeSync').mockImplementation(((_fd: number, chunk: unknown) => {
          capture(chunk);
          return Buffer.byteLength(String(chunk));
        }) as unknown as typeof fs.writeSync),
        jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
          capture(chunk);
          return true;
        }),
      ];
      try {
        const owner = await logged.newCredential(SCOPES);
        const created = await logged.inject({
          method: 'POST',
          url: '/v1/hosting/apps?appType=NODEJS',
          headers: owner.headers,
          payload: { name: 'logged' },
        });
        const appId = (created.json() as AppOperationResponse).appId;
        const value = 'never-log-me-' + randomUUID();
        const send = (ops: unknown, contentType = JSON_PATCH) =>
          logged.inject({
            method: 'PATCH',
            url: `/v1/hosting/apps/${appId}/secrets`,
            headers: { ...owner.headers, 'content-type': contentType, 'idempotency-key': randomUUID() },
            payload: JSON.stringify(ops),
          });
        expect((await send([{ op: 'add', path: '/LOGGED', value }])).statusCode).toBe(200);
        expect((await send([{ op: 'replace', path: '/LOGGED', value: value + '-2' }])).statusCode).toBe(200);
        expect((await send([{ op: 'add', path: '/PATH', value }])).statusCode).toBe(400);
        expect((await send([{ op: 'add', path: '/BIG', value: value.repeat(300) }])).statusCode).toBe(400);
        expect((await send([{ op: 'add', path: '/J', value }], 'application/json')).statusCode).toBe(415);
        // Reading the set (both namespaces, good and bad variants) logs no value either.
        const reads = [
          `/v1/hosting/apps/${appId}/secrets`,
          `/v1/hosting/apps/${appId}/secrets?variant=PUBLISH`,
          `/v1/hosting/apps/${appId}/secrets?variant=bad`,
          `/v1/hosting/nodejs/apps/${appId}/secrets?variant=preview`,
          `/v1/hosting/nodejs/apps/${appId}/secrets?variant=bad`,
        ];
        const readStatuses: number[] = [];
        for (const url of reads) {
          readStatuses.push((await logged.inject({ method: 'GET', url, headers: owner.headers })).statusCode);
        }
        expect(readStatuses).toEqual([200, 200, 400, 200, 400]);
        // Log lines go out in batches (at least every 250 ms): wait for the last request's line.
        const text = await waitFor(
          () => {
            const all = chunks.join('');
            return all.includes(`/v1/hosting/nodejs/apps/${appId}/secrets?variant=bad`) && all;
          },
          { timeoutMs: 5000, what: 'the request log lines' },
        );
        expect(text).toContain(`/v1/hosting/apps/${appId}/secrets`);
        expect(text).toContain(`/v1/hosting/nodejs/apps/${appId}/secrets?variant=preview`);
        expect(text).not.toContain('never-log-me-');
      } finally {
        for (const spy of spies) spy.mockRestore();
        await logged.close();
      }
    });
  });
});
