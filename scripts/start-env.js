// The environment `npm start` (scripts/start.js) gives its child processes, as pure functions:
// plain JavaScript like the rest of scripts/ (no build needed), unit-tested by
// apps/platform-e2e/test/start-env.spec.ts.

/** The gateway's own address, as `npm start` prints it: `http://127.0.0.1:<port>`. */
function gatewayUrl(gatewayPort) {
  return `http://127.0.0.1:${gatewayPort}`;
}

/**
 * The public base URL of the platform (hosted app URLs `<base>/hosted/<appId>/<variant>/`, agent
 * DNS badge records `<base>/v1/agents/<id>`): PUBLIC_BASE_URL when it is set (kept as is), else the
 * gateway's real address, so `PORT=45887 npm start` reports apps at :45887 rather than at the apps'
 * own default, :8080. An empty value counts as unset, as the apps' config reads it.
 */
function publicBaseUrl(env, gatewayPort) {
  return env.PUBLIC_BASE_URL || gatewayUrl(gatewayPort);
}

/**
 * What every child process (service, worker and gateway) gets on top of `npm start`'s own
 * environment, besides its PORT and the URLs of the services before it.
 */
function sharedChildEnv(env, { databaseUrl, redisUrl, gatewayPort }) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_BASE_URL: publicBaseUrl(env, gatewayPort),
  };
}

module.exports = { gatewayUrl, publicBaseUrl, sharedChildEnv };
