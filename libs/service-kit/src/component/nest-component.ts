import type { NestFactory } from '@nestjs/core';
import type { PlatformConfig } from '@platform/config';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen, type ServiceAppOptions } from '../bootstrap';
import type { ComponentEnv, ComponentRuntime, PlatformComponent } from './platform-component';

/** How one app entry (main.ts, worker.ts) is made: its configuration, its root module, its HTTP options. */
export interface NestComponentSpec<C> {
  readonly name: string;
  readonly kind: PlatformComponent['kind'];
  /** The entry's configuration loader, given the environment to read. */
  readonly loadConfig: (env: ComponentEnv) => C;
  /** The platform part of it (port, database, shutdown …). */
  readonly platformConfig: (config: C) => PlatformConfig;
  /** The root module. */
  readonly module: (
    config: C,
    env: ComponentEnv,
    runtime: ComponentRuntime,
  ) => Parameters<typeof NestFactory.create>[0];
  /** Its HTTP options, or how they follow from its configuration. */
  readonly app: ServiceAppOptions | ((config: C) => ServiceAppOptions);
}

/** A component built the way every service is: createServiceApp over the entry's root module. */
export function nestComponent<C>(spec: NestComponentSpec<C>): PlatformComponent {
  return {
    name: spec.name,
    kind: spec.kind,
    async create(env, runtime) {
      const config = spec.loadConfig(env);
      const options = typeof spec.app === 'function' ? spec.app(config) : spec.app;
      const app = await createServiceApp(spec.module(config, env, runtime), options);
      return { app, config: spec.platformConfig(config) };
    },
  };
}

/**
 * An entry point's whole job when it runs alone (a container, a process of `PLATFORM_MODE=services`):
 * build the component from process.env, listen, stop gracefully on SIGTERM. A failure to start
 * prints one line and exits 1.
 */
export function runComponent(component: PlatformComponent): void {
  (async () => {
    const { app, config } = await component.create(process.env, {});
    await listen(app, config);
  })().catch((e: unknown) => {
    process.stderr.write(`${component.name} failed to start: ${errorMessage(e)}\n`);
    process.exit(1);
  });
}
