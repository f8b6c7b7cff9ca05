import { errorMessage } from '@platform/errors';
import { createPlatformLogger } from '@platform/observability';
import { InProcessDispatcher, type ComponentEnv } from '@platform/service-kit';
import { getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { loadComponent } from './component-loader';
import { planFromEnvironment, planFromJson } from './plan';
import { PlatformProcess } from './platform-process';
import { loadRouteTable } from './route-rows';

/**
 * The platform process's whole life: read the plan (PLATFORM_PLAN from `npm start`, else
 * PLATFORM_TARGETS), make every HTTP call of the process to one of its own components go in process
 * (the global undici dispatcher: internal routes, health checks), start the components, and stop
 * them in one sequence on SIGTERM or SIGINT. Exits 1 when a component fails to start or the stop
 * runs out of time; `npm start`'s restart policy starts it again.
 */
export function runPlatform(env: ComponentEnv): void {
  const logger = createPlatformLogger({ level: env.LOG_LEVEL || 'info', serviceName: 'platform' });
  const fail = (message: string): void => {
    logger.error(message);
    logger.flush();
    process.stderr.write(`platform failed: ${message}\n`);
    process.exit(1);
  };
  const platform = new PlatformProcess(loadComponent, {
    info: (message) => logger.info(message),
    error: (message) => logger.error(message),
  });
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received`);
    platform.stop().then(
      () => {
        logger.flush();
        process.exit(0);
      },
      (error: unknown) => fail(`graceful stop failed: ${errorMessage(error)}`),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  (async () => {
    const rows = loadRouteTable();
    const planned = env.PLATFORM_PLAN
      ? planFromJson(env.PLATFORM_PLAN, env, rows)
      : planFromEnvironment(env, rows);
    setGlobalDispatcher(new InProcessDispatcher(platform.routes, getGlobalDispatcher()));
    await platform.start(planned);
    logger.info(
      { components: platform.components.map((c) => ({ name: c.ref.name, url: c.origin })) },
      `platform process running ${platform.components.length} components`,
    );
  })().catch((error: unknown) => fail(errorMessage(error)));
}
