import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@platform/service-kit';

/** A worker process booted in-process, as its `worker.ts` entry point boots it. */
export interface WorkerHarness {
  readonly app: NestFastifyApplication;
  /** Stops the processor's BullMQ worker at once, abandoning its active jobs (as a killed process would). */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** A BullMQ processor host (@nestjs/bullmq WorkerHost): what `kill` stops. */
type ProcessorHost = Type<{ readonly worker: { close(force?: boolean): Promise<void> } }>;

/** Boots `module` (a worker module with health endpoints only) and returns its harness. */
export async function startWorkerHarness(
  module: DynamicModule,
  processor: ProcessorHost,
  title: string,
): Promise<WorkerHarness> {
  const app = await createServiceApp(module, { title, openApi: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    async kill() {
      await app.get(processor).worker.close(true);
    },
    close: () => app.close(),
  };
}
