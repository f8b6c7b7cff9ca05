import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import type { QueueOptions } from 'bullmq';
import type { QueueDeclaration } from './job-dispatcher';
import { PlatformQueue, PlatformWorker, queueConnectionOptions, queueTelemetry } from './queue-connection';
import { QueueDashboard } from './queue-dashboard';
import { QueueDefaults } from './queue-defaults';

/**
 * BullMQ for a Nest process: Redis from REDIS_URL, keys under REDIS_KEY_PREFIX, QueueDefaults on
 * every job, and BullMQ's OpenTelemetry adapter on every queue and worker (queueTelemetry: a job
 * added while a request is served runs in that request's trace; @nestjs/bullmq hands the shared
 * options' `telemetry` to each `@Processor`'s worker). Each queue and worker opens (and on shutdown
 * closes) its own connection from these options, so closing never races a shared client. Workers
 * take their lock and stall settings from `@Processor(queue.name, WorkerDefaults)`. A process with processors (a worker) also serves the
 * queue dashboard when one is configured (queue-dashboard.ts).
 */
// Nest's BullModule makes its queues and `@Processor` workers from these classes (its documented
// hook, meant for BullMQ Pro): ours, over QuietlyClosingConnection. Set once, when this file loads,
// which is before any registerQueues call builds its providers.
BullModule.queueClass = PlatformQueue;
BullModule.workerClass = PlatformWorker;

@Global()
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        DiscoveryModule,
        BullModule.forRootAsync({
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig): QueueOptions => ({
            connection: queueConnectionOptions(config),
            prefix: config.redisKeyPrefix,
            defaultJobOptions: QueueDefaults,
            telemetry: queueTelemetry(),
          }),
        }),
      ],
      providers: [QueueDashboard],
      exports: [BullModule],
    };
  }

  /** Makes `@InjectQueue(name)` available for each queue, with QueueDefaults as its job options. */
  static registerQueues(...queues: readonly (string | QueueDeclaration)[]): DynamicModule {
    return BullModule.registerQueue(
      ...queues.map((queue) => ({
        name: typeof queue === 'string' ? queue : queue.name,
        defaultJobOptions: QueueDefaults,
      })),
    );
  }
}
