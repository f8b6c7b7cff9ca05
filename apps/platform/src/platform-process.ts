import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '@platform/config';
import { errorMessage, withDeadline } from '@platform/errors';
import { DrainState, ServiceScope } from '@platform/observability';
import {
  InProcessRouteTable,
  startListening,
  type ComponentEnv,
  type PlatformComponent,
} from '@platform/service-kit';
import type { ComponentRef } from './targets';

/** A component the process is to run, with the environment it reads (its own PORT, the URLs it calls). */
export interface PlannedComponent {
  readonly ref: ComponentRef;
  readonly env: ComponentEnv;
}

/** A component running in this process. */
export interface RunningComponent {
  readonly ref: ComponentRef;
  readonly app: NestFastifyApplication;
  readonly config: PlatformConfig;
  readonly origin: string;
}

/** Where the process says what it does (the platform's own logger; a test's array). */
export interface ProcessLog {
  info(message: string): void;
  error(message: string): void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Several components of the platform in one Node process (single mode, docs/single-mode.md): each
 * built from its own environment exactly as its own entry point builds it (its configuration,
 * guards, filters, logger, metrics registry, database pool and migrations), each listening on its
 * own port, each mounted on `routes` by its origin so the gateway and the internal calls reach it
 * without a socket. Stopped in one sequence: readiness off everywhere, then the gateway drained,
 * then the services, then the workers.
 */
export class PlatformProcess {
  readonly routes = new InProcessRouteTable();
  private readonly running: RunningComponent[] = [];

  constructor(
    private readonly load: (ref: ComponentRef) => PlatformComponent,
    private readonly log: ProcessLog,
  ) {}

  get components(): readonly RunningComponent[] {
    return this.running;
  }

  /**
   * Builds and starts the planned components, all side by side (the gateway's readiness waits for
   * the others; a request it takes before a service is up is a 503 as over the wire). A component
   * that fails to start stops the ones started and rejects.
   */
  async start(planned: readonly PlannedComponent[]): Promise<void> {
    try {
      await Promise.all(planned.map((p) => this.startOne(p)));
    } catch (error) {
      await this.stop().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Builds and starts one component inside its ServiceScope, so what it logs while it starts, and
   * what its timers and queue workers log later, names it.
   */
  private startOne(planned: PlannedComponent): Promise<void> {
    return ServiceScope.run(planned.ref.name, () => this.build(planned));
  }

  private async build({ ref, env }: PlannedComponent): Promise<void> {
    const component = this.load(ref);
    const { app, config } = await component.create(env, { inProcess: this.routes }).catch((e: unknown) => {
      throw new Error(`${ref.name} failed to start: ${errorMessage(e)}`);
    });
    const origin = await startListening(app, config).catch(async (e: unknown) => {
      await app.close().catch(() => undefined);
      throw new Error(`${ref.name} failed to listen: ${errorMessage(e)}`);
    });
    this.routes.mount(origin, app.getHttpAdapter().getInstance());
    this.running.push({ ref, app, config, origin });
  }

  /**
   * The one shutdown sequence: every component's readiness answers 503 and its workers stop taking
   * jobs; after the longest SHUTDOWN_DELAY_MS of them, the gateway finishes its in-flight requests
   * and closes, then the services, then the workers (their active jobs finished first). Rejects when
   * a step outlives its component's SHUTDOWN_GRACE_MS.
   */
  async stop(): Promise<void> {
    const running = this.running.splice(0);
    if (running.length === 0) return;
    const jobsDone = new Map(
      running.map((c) => [c, c.app.get(DrainState, { strict: false }).begin()] as const),
    );
    this.log.info(`stopping ${running.length} components: readiness answers 503`);
    await sleep(Math.max(...running.map((c) => c.config.shutdown.delayMs)));
    const failures: string[] = [];
    const step = async (
      components: readonly RunningComponent[],
      work: (c: RunningComponent) => Promise<unknown>,
    ) =>
      Promise.all(
        components.map(async (c) => {
          try {
            await withDeadline(
              work(c),
              c.config.shutdown.graceMs,
              `${c.ref.name}: in-flight requests or jobs still running after ${c.config.shutdown.graceMs} ms`,
            );
          } catch (error) {
            failures.push(errorMessage(error));
          }
        }),
      );
    const close = async (c: RunningComponent): Promise<void> => {
      await c.app.getHttpAdapter().close();
      this.routes.unmount(c.origin);
      await c.app.close();
    };
    const ofKind = (kind: RunningComponent['ref']['kind']) => running.filter((c) => c.ref.kind === kind);
    // The gateway first: its in-flight requests still reach the services behind it.
    await step(ofKind('gateway'), close);
    // The workers' active jobs next, while the services they call still answer.
    await step(ofKind('worker'), async (c) => jobsDone.get(c));
    await step(ofKind('service'), close);
    await step(ofKind('worker'), close);
    if (failures.length > 0) throw new Error(failures.join('; '));
    this.log.info('stopped cleanly');
  }
}
