import type { ComponentEnv } from '@platform/service-kit';
import { SERVICE_PORTS, WORKER_PORTS } from '@platform/config';
import type { PlannedComponent } from './platform-process';
import type { RouteRow } from './route-rows';
import { selectTargets } from './targets';

/**
 * What `npm start` hands the platform process (PLATFORM_PLAN, JSON): each component to run, by
 * name, with the variables it reads on top of the process's environment (its PORT, the URLs of the
 * services it calls). scripts/start.js makes it, as it makes the environment of each process in
 * `services` mode.
 */
export type PlatformPlan = readonly { readonly name: string; readonly env: ComponentEnv }[];

const envName = (name: string): string => name.toUpperCase().replace(/-/g, '_');

function defaultPort(name: string): number {
  const ports: Record<string, number> = { ...SERVICE_PORTS, ...WORKER_PORTS };
  const port = ports[name];
  if (port === undefined) throw new Error(`no default port for ${name} in libs/config's SERVICE_PORTS`);
  return port;
}

/**
 * The plan when the process is started without one (a container running several components):
 * PLATFORM_TARGETS chooses them; each listens on `<NAME>_PORT` or its default port, and every
 * service URL the others read (`COUNTRIES_URL`, …, `HOSTING_WORKER_HEALTH_URL`) is the
 * environment's or the default port on loopback.
 */
export function planFromEnvironment(env: ComponentEnv, rows: readonly RouteRow[]): PlannedComponent[] {
  const targets = selectTargets(env.PLATFORM_TARGETS, rows);
  const urls: ComponentEnv = {};
  for (const row of rows) {
    urls[row.urlEnv] =
      env[row.urlEnv] ||
      `http://127.0.0.1:${env[`${envName(row.service)}_PORT`] || defaultPort(row.service)}`;
    for (const worker of row.workers) {
      const name = `${row.service}-${worker.name}`;
      urls[`${envName(name)}_HEALTH_URL`] =
        env[`${envName(name)}_HEALTH_URL`] ||
        `http://127.0.0.1:${env[`${envName(name)}_PORT`] || worker.port}`;
    }
  }
  return targets.map((ref) => ({
    ref,
    env: {
      ...env,
      ...urls,
      PORT:
        ref.kind === 'gateway'
          ? env.PORT || env.GATEWAY_PORT || String(defaultPort(ref.name))
          : env[`${envName(ref.name)}_PORT`] || String(defaultPort(ref.name)),
    },
  }));
}

/** The plan `npm start` made (PLATFORM_PLAN), checked against the route table. */
export function planFromJson(json: string, env: ComponentEnv, rows: readonly RouteRow[]): PlannedComponent[] {
  let plan: PlatformPlan;
  try {
    plan = JSON.parse(json) as PlatformPlan;
  } catch (e) {
    throw new Error(`PLATFORM_PLAN is not JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(plan) || plan.length === 0) throw new Error('PLATFORM_PLAN must be a non-empty array');
  const refs = selectTargets(plan.map((p) => p.name).join(','), rows);
  return refs.map((ref) => ({ ref, env: { ...env, ...plan.find((p) => p.name === ref.name)?.env } }));
}
