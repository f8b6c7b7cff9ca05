import type { INestApplication, LoggerService } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { DrainState } from '@platform/observability';
import { errorMessage, withDeadline } from '@platform/errors';

export type ShutdownSettings = PlatformConfig['shutdown'];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops `app` the way Kubernetes expects of a pod it terminates:
 * 1. readiness answers 503 at once, and every BullMQ worker stops taking new jobs (DrainState);
 * 2. after `delayMs` (the time load balancers need to drop the endpoint) the listener closes: new
 *    connections are refused, idle keep-alive connections are closed, in-flight requests finish;
 * 3. once the requests and the active jobs are done, Nest's shutdown hooks run (database and Redis
 *    clients last) and the promise resolves.
 * Rejects when steps 2 and 3 take longer than `graceMs`.
 */
export async function drainAndClose(
  app: INestApplication,
  settings: ShutdownSettings,
  logger: LoggerService,
): Promise<void> {
  const drain = app.get(DrainState, { strict: false });
  const jobsDone = drain.begin();
  logger.log(
    `stopping: readiness answers 503; the listener closes in ${settings.delayMs} ms, then in-flight requests and jobs get ${settings.graceMs} ms`,
    'Shutdown',
  );
  await sleep(settings.delayMs);
  await withDeadline(
    (async () => {
      await Promise.all([app.getHttpAdapter().close(), jobsDone]);
      await app.close();
    })(),
    settings.graceMs,
    `in-flight requests or jobs still running after ${settings.graceMs} ms`,
  );
}

/**
 * On SIGTERM or SIGINT: drainAndClose, then exit 0; exit 1 when the grace period runs out or the
 * stop fails. A second signal while stopping is ignored (Kubernetes sends SIGKILL at the end of
 * terminationGracePeriodSeconds anyway).
 */
export function installGracefulShutdown(
  app: INestApplication,
  settings: ShutdownSettings,
  logger: LoggerService,
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received`, 'Shutdown');
    drainAndClose(app, settings, logger).then(
      () => {
        logger.log('stopped cleanly', 'Shutdown');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`graceful stop failed: ${errorMessage(error)}`, undefined, 'Shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
