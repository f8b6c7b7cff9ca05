import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TokenService } from '@platform/auth';
import { createServiceApp } from '@platform/service-kit';
import { TestCredential, TestEnv, createTestCredential, createTestEnv } from '@platform/testing';
import { DataSource } from 'typeorm';
import { CountriesAppModule } from '../src/app.module';

interface Country {
  callingCode: string;
  countryKey: string;
  label: string;
  states?: { label: string; stateKey: string }[];
}

async function startCountries(
  env: TestEnv,
  overrides: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(CountriesAppModule.forRoot(env.config('countries', overrides)), {
    title: 'Countries',
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

describe('countries service (real Postgres and Redis)', () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let cred: TestCredential;

  beforeAll(async () => {
    env = await createTestEnv('countries');
    app = await startCountries(env);
    // Any valid token reads countries, whatever its scopes.
    cred = await createTestCredential(app.get(DataSource), ['hosting.log:read']);
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  const get = (url: string, headers: Record<string, string> = cred.headers) =>
    app.inject({ method: 'GET', url, headers });
  const list = async (marketId: string): Promise<Country[]> =>
    (await get(`/v1/countries?marketId=${marketId}`)).json();

  it('lists every ISO 3166-1 country with calling codes', async () => {
    const res = await get('/v1/countries?marketId=en-US');
    expect(res.statusCode).toBe(200);
    const countries: Country[] = res.json();
    expect(countries).toHaveLength(249);
    expect(countries.find((c) => c.countryKey === 'FR')).toEqual({
      callingCode: '33',
      countryKey: 'FR',
      label: 'France',
    });
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c.countryKey) && /^\d*$/.test(c.callingCode))).toBe(true);
  });

  it.each([
    ['fr-FR', 'Allemagne'],
    ['de-DE', 'Deutschland'],
    ['ja-JP', 'ドイツ'],
    ['es-ES', 'Alemania'],
  ])('localizes labels to the market language (%s → %s)', async (marketId, label) => {
    expect((await list(marketId)).find((c) => c.countryKey === 'DE')?.label).toBe(label);
  });

  it("sorts by label with the market's collation", async () => {
    const labels = (await list('fr-FR')).map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('fr').compare));
    // Accented initials sort with their letter in French: Égypte comes before Espagne, not after Zimbabwe.
    expect(labels.indexOf('Égypte')).toBeLessThan(labels.indexOf('Espagne'));
  });

  it('returns the United States with at least 50 states', async () => {
    const res = await get('/v1/countries/US?marketId=en-US');
    expect(res.statusCode).toBe(200);
    const [us]: Country[] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(us).toMatchObject({ countryKey: 'US', callingCode: '1', label: 'United States' });
    expect(us.states?.length).toBeGreaterThanOrEqual(50);
    expect(us.states).toContainEqual({ stateKey: 'US-CA', label: 'California' });
  });

  it('returns the 16 German states localized to the market', async () => {
    const [de]: Country[] = (await get('/v1/countries/de?marketId=de-DE')).json();
    expect(de.states).toHaveLength(16);
    expect(de.states).toContainEqual({ stateKey: 'DE-BY', label: 'Bayern' });
    const [deFr]: Country[] = (await get('/v1/countries/DE?marketId=fr-FR')).json();
    expect(deFr.label).toBe('Allemagne');
    expect(deFr.states).toContainEqual({ stateKey: 'DE-BY', label: 'Bavière' });
  });

  it('answers an unknown country with 404 COUNTRY_NOT_FOUND', async () => {
    const res = await get('/v1/countries/ZZ?marketId=en-US');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'COUNTRY_NOT_FOUND', message: expect.any(String) });
  });

  it('answers a malformed country key with 400 naming the path parameter', async () => {
    const res = await get('/v1/countries/D1?marketId=en-US');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FORMAT',
      fields: [{ path: 'countryKey', code: 'INVALID_FORMAT' }],
    });
  });

  it('requires marketId', async () => {
    const res = await get('/v1/countries');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_FORMAT',
      fields: expect.arrayContaining([{ path: 'marketId', code: 'REQUIRED', message: expect.any(String) }]),
    });
  });

  it.each(['en_US', 'e', 'en-US-', 'toolongtag-US', '123'])(
    'rejects the ill-formed marketId %s',
    async (marketId) => {
      const res = await get(`/v1/countries?marketId=${encodeURIComponent(marketId)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [{ path: 'marketId', code: 'INVALID_FORMAT' }],
      });
    },
  );

  it('rejects unknown query parameters', async () => {
    const res = await get('/v1/countries?marketId=en-US&colour=red');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual(
      expect.objectContaining({ path: 'colour', code: 'UNKNOWN_FIELD' }),
    );
  });

  it.each([
    ['missing', {}],
    ['malformed', { authorization: 'Bearer abc' }],
    ['unknown', { authorization: 'Bearer dpat_000000000000000000000000000000000000' }],
  ])('answers 401 for a %s token', async (_case, headers) => {
    const res = await get('/v1/countries?marketId=en-US', headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('answers 401 for an expired and for a revoked token', async () => {
    const ds = app.get(DataSource);
    const expired = await createTestCredential(ds, ['commerce.store:read']);
    await ds.query(`UPDATE auth.access_tokens SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      expired.tokenId,
    ]);
    expect((await get('/v1/countries?marketId=en-US', expired.headers)).statusCode).toBe(401);
    const revoked = await createTestCredential(ds, ['commerce.store:read']);
    expect((await get('/v1/countries?marketId=en-US', revoked.headers)).statusCode).toBe(200);
    await new TokenService(ds).revoke(revoked.tokenId);
    expect((await get('/v1/countries?marketId=en-US', revoked.headers)).statusCode).toBe(401);
  });

  it('sends the per-credential rate-limit headers', async () => {
    const res = await get('/v1/countries?marketId=en-US');
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(600);
    expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(1380);
  });

  it('documents both operations in OpenAPI', async () => {
    const doc = (await get('/docs/openapi.json', {})).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/countries', '/v1/countries/{countryKey}']),
    );
  });
});

describe('countries rate limit (real Redis)', () => {
  const LIMIT = 15;
  let env: TestEnv;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    env = await createTestEnv('countries-rl');
    app = await startCountries(env, { RATE_LIMIT_CREDENTIAL_LIMIT: String(LIMIT) });
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('serves exactly the limit of 3× parallel calls, refuses the rest with an empty 429, and spares other credentials', async () => {
    const ds = app.get(DataSource);
    const a = await createTestCredential(ds, ['commerce.store:read']);
    const b = await createTestCredential(ds, ['commerce.store:read']);
    const call = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/v1/countries/FR?marketId=fr-FR', headers });
    const responses = await Promise.all(Array.from({ length: LIMIT * 3 }, () => call(a.headers)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(LIMIT);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(LIMIT * 2);
    for (const r of refused) {
      expect(r.payload).toBe('');
      expect(r.headers['ratelimit-remaining']).toBe('0');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const other = await call(b.headers);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });
});
