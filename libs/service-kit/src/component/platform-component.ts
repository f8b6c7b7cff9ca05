import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PlatformConfig } from '@platform/config';
import type { FastifyInstance } from 'fastify';

/** An environment as the config loaders read it (process.env, or one service's own in single mode). */
export type ComponentEnv = Record<string, string | undefined>;

/**
 * Where a request to a base URL of the platform (`http://127.0.0.1:3001`) can be answered inside
 * this process instead of over a socket: the services built in it, by the origin they listen on.
 * Empty (nothing resolves) when each service runs in its own process.
 */
export interface InProcessRoutes {
  /** The Fastify instance listening on `origin` in this process, if there is one. */
  resolve(origin: string): FastifyInstance | undefined;
}

/**
 * What the process that builds a component gives it besides its environment. A service ignores it:
 * it works the same whichever process it runs in. The gateway uses `inProcess` to hand requests to
 * the services of its own process without a second HTTP hop.
 */
export interface ComponentRuntime {
  readonly inProcess?: InProcessRoutes;
}

/** A component once built: its Nest app (not yet listening) and the configuration it read. */
export interface BuiltComponent {
  readonly app: NestFastifyApplication;
  readonly config: PlatformConfig;
}

/**
 * One deployable unit of the platform: a service's API, one of its workers, or the gateway. The
 * same definition is run alone (its main.ts or worker.ts: a container, a process of
 * `PLATFORM_MODE=services`) or beside the others in one process (`npm start`'s single mode).
 */
export interface PlatformComponent {
  /** As the route table names it: `countries`, `hosting-worker`, `gateway`. */
  readonly name: string;
  readonly kind: 'service' | 'worker' | 'gateway';
  /** Reads `env` (never process.env) and builds the app; does not listen. */
  create(env: ComponentEnv, runtime: ComponentRuntime): Promise<BuiltComponent>;
}
