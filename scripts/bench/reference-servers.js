#!/usr/bin/env node
// The references of `npm run bench` (issue 15): minimal servers written with care (Fastify, a pg
// Pool of the service's size, one ioredis client, named statements that pg prepares once per
// connection) doing the same work per request as the platform's route, so that what a scenario
// costs beyond its reference is what the platform adds. Run by bench.js as a child process of its
// own (never in the process that drives the load), it prints one JSON line with the servers' URLs.
//
// Same work, step by step, as the platform's guard, interceptor, pipes and handler:
//  - `Authorization: Bearer <token>`, the token's format and checksum (libs/auth token-format, the
//    compiled module itself), its SHA-256 looked up in auth.access_tokens, refused when unknown,
//    revoked or expired; then the route's scope, if it has one (TokenService.authenticate, AuthGuard);
//  - one round trip to Redis running the platform's fixed-window script (FIXED_WINDOW_SCRIPT of
//    libs/rate-limit, through EVALSHA) on the credential's counter, and the RateLimit-* headers;
//  - store: the storeId checked as a uuid, then the statement of StoresService.getStore without
//    joins (the store joined to its business for the account check, with the business's government
//    ids sub-select) mapped to the Store resource;
//  - countries: marketId parsed once (apps/countries market-id), the key checked, and the answer
//    read from the compiled CountryCatalog (computed once per locale and cached, as in the service).
const { join } = require('node:path');
const fastify = require('fastify');
const Redis = require('ioredis');
const { Pool } = require('pg');

const ROOT = join(__dirname, '..', '..');
// The platform's own compiled modules, from the build `npm start` makes (scripts/build-platform.js).
const DIST = join(ROOT, 'dist/platform');
const COUNTRIES_DIST = join(DIST, 'apps/countries/src/modules/countries');
const { hashToken, isWellFormedToken } = require(join(DIST, 'libs/auth/src/token-format.js'));

/** libs/rate-limit's fixed-window script, the compiled module itself (one round trip per request). */
const { FIXED_WINDOW_SCRIPT } = require(join(DIST, 'libs/rate-limit/src/fixed-window.script.js'));
const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const TOKEN_SQL = `SELECT id, account_id, scopes, expires_at, revoked_at FROM auth.access_tokens WHERE token_hash = $1`;
const STORE_SQL = `SELECT s.id, s.business_id, s.display_name, s.status, s.currency, s.timezone, s.acquirer,
  s.processor, s.external_store_id, s.fixed_location, s.mock_processor, s.longitude, s.latitude,
  s.default_channel_id, s.default_retail_channel_id, s.owner_id, s.created_at, s.updated_at,
  (SELECT coalesce(json_agg(json_build_object('type', g.type, 'box', encode(g.government_id_ciphertext, 'hex'),
     'createdAt', ${iso('g.created_at')}, 'updatedAt', ${iso('g.updated_at')}) ORDER BY g.position, g.id), '[]'::json)
   FROM commerce.business_government_ids g WHERE g.business_id = s.business_id) AS government_ids
FROM commerce.stores s JOIN commerce.businesses b ON b.id = s.business_id
WHERE s.id = $1 AND b.account_id = $2`;

/**
 * The guard's and the routes' refusals: answers `status` with an error name and returns
 * undefined, which an async Fastify handler may return once it has answered.
 */
function refuse(reply, status, name) {
  reply.code(status).send({ name });
}

/**
 * The token and rate-limit steps every reference shares: `guard(request, reply, scope)` answers
 * 401/403/429 itself and resolves undefined then, else the principal (RateLimit-* headers set).
 */
function createGuard({ pool, redis, keyPrefix, limit, windowMs }) {
  redis.defineCommand('fixedWindow', { numberOfKeys: 1, lua: FIXED_WINDOW_SCRIPT });
  const windowS = windowMs / 1000;
  return async function guard(request, reply, scope) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match || !isWellFormedToken(match[1])) return refuse(reply, 401, 'UNAUTHORIZED');
    const { rows } = await pool.query({ name: 'token', text: TOKEN_SQL, values: [hashToken(match[1])] });
    const token = rows[0];
    if (!token || token.revoked_at || (token.expires_at && token.expires_at.getTime() <= Date.now()))
      return refuse(reply, 401, 'UNAUTHORIZED');
    if (scope && !token.scopes.includes(scope)) return refuse(reply, 403, 'FORBIDDEN');
    const [count, ttlMs] = await redis.fixedWindow(`${keyPrefix}:rl:cred:${token.id}`, windowMs);
    const reset = ttlMs < 0 ? windowS : Math.min(windowS, Math.ceil(ttlMs / 1000));
    reply.header('RateLimit-Limit', limit);
    reply.header('RateLimit-Remaining', Math.max(0, limit - count));
    reply.header('RateLimit-Reset', reset);
    if (count > limit) return refuse(reply, 429, 'RATE_LIMIT_EXCEEDED');
    return { accountId: token.account_id, tokenId: token.id };
  };
}

/** GET /v1/commerce/stores/:storeId, as commerce-rest answers it (no includeFields). */
function storeRoutes(app, { pool, guard }) {
  app.get('/v1/commerce/stores/:storeId', async (request, reply) => {
    const principal = await guard(request, reply, 'commerce.store:read');
    if (!principal) return;
    const { storeId } = request.params;
    if (!UUID.test(storeId)) return refuse(reply, 400, 'INVALID_REQUEST');
    const values = [storeId, principal.accountId];
    const { rows } = await pool.query({ name: 'store', text: STORE_SQL, values });
    if (rows.length === 0) return refuse(reply, 404, 'STORE_NOT_FOUND');
    const s = rows[0];
    // The bench's store has none; decrypting them (AES-GCM, the service's key) is not done here.
    if (s.government_ids.length > 0) throw new Error('the store reference does not open government ids');
    return {
      id: s.id,
      businessId: s.business_id,
      displayName: s.display_name,
      status: s.status,
      currency: s.currency,
      timezone: s.timezone,
      acquirer: s.acquirer,
      processor: s.processor,
      externalStoreId: s.external_store_id,
      fixedLocation: s.fixed_location,
      mockProcessor: s.mock_processor,
      longitude: s.longitude,
      latitude: s.latitude,
      defaultChannelId: s.default_channel_id,
      defaultRetailChannelId: s.default_retail_channel_id,
      ownerId: s.owner_id,
      governmentIds: [],
      createdAt: s.created_at.toISOString(),
      updatedAt: s.updated_at.toISOString(),
    };
  });
}

/** GET /v1/countries and GET /v1/countries/:countryKey, as the countries service answers them. */
function countriesRoutes(app, { guard }) {
  const { CountryCatalog } = require(join(COUNTRIES_DIST, 'country-catalog.service.js'));
  const { parseMarketId } = require(join(COUNTRIES_DIST, 'market-id.js'));
  const catalog = new CountryCatalog();
  const localeOf = (request, reply) => {
    const market = parseMarketId(request.query.marketId);
    return market.ok ? market.locale : refuse(reply, 400, 'INVALID_REQUEST');
  };
  app.get('/v1/countries', async (request, reply) => {
    if (!(await guard(request, reply))) return;
    const locale = localeOf(request, reply);
    return locale && catalog.list(locale);
  });
  app.get('/v1/countries/:countryKey', async (request, reply) => {
    if (!(await guard(request, reply))) return;
    const { countryKey } = request.params;
    if (!/^[A-Za-z]{2}$/.test(countryKey)) return refuse(reply, 400, 'INVALID_REQUEST');
    const locale = localeOf(request, reply);
    if (!locale) return;
    const country = catalog.detail(countryKey, locale);
    return country ? [country] : refuse(reply, 404, 'COUNTRY_NOT_FOUND');
  });
}

/**
 * One reference server (`routes`: storeRoutes or countriesRoutes) with its own pool and Redis
 * client, as each platform service has; listens on 127.0.0.1 only.
 */
async function startReference(routes, options) {
  const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableReadyCheck: true });
  const app = fastify({ logger: false });
  routes(app, { pool, guard: createGuard({ pool, redis, ...options }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    async close() {
      await app.close();
      await Promise.all([pool.end(), redis.quit()]);
    },
  };
}

/** Both references in this process; prints `{"store": url, "countries": url}` and runs until SIGTERM. */
async function main() {
  const options = JSON.parse(process.argv[2]);
  const servers = {
    store: await startReference(storeRoutes, options),
    countries: await startReference(countriesRoutes, options),
  };
  process.stdout.write(`${JSON.stringify({ store: servers.store.url, countries: servers.countries.url })}\n`);
  const stop = async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`reference servers failed: ${e.stack}\n`);
    process.exit(1);
  });
}

module.exports = { FIXED_WINDOW_SCRIPT, startReference, storeRoutes, countriesRoutes };
