import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, Type } from '@nestjs/common';
import { errorMessage } from '@platform/errors';
import type { Queue } from 'bullmq';

/** How many runs of a scheduled job Redis keeps, completed and failed each. */
const KEEP_RUNS = 100;

const logger = new Logger('JobSchedule');

/**
 * Upserts the job scheduler `schedulerId`: job `jobName` every `everyMs`. Called by a worker at
 * boot; a fixed scheduler id keeps the job single however many workers start, and a restarted
 * worker picks the schedule up again. The last 100 runs, completed and failed, are kept.
 *
 * The scheduler lives in Redis, so a Redis restart without persistence loses it, and no worker
 * restarts then to declare it again. So the upsert is also repeated each time the queue's
 * connection is ready again (ioredis `ready` after a reconnect): a lost scheduler comes back with
 * its first run at once, a kept one is only re-upserted (the same id, so still one schedule). Not
 * a re-declare inside the job itself: with the scheduler gone, no job runs to do it. The listener
 * goes with the queue's client when the queue closes. docs/decisions.md §12.
 */
export async function scheduleEvery(
  queue: Queue,
  schedulerId: string,
  everyMs: number,
  jobName: string,
): Promise<void> {
  const upsert = () =>
    queue.upsertJobScheduler(
      schedulerId,
      { every: everyMs },
      { name: jobName, opts: { removeOnComplete: KEEP_RUNS, removeOnFail: KEEP_RUNS } },
    );
  await upsert();
  const client = await queue.client;
  client.on('ready', () => {
    upsert().catch((error: unknown) =>
      logger.warn(`job scheduler ${schedulerId} not declared again: ${errorMessage(error)}`),
    );
  });
}

/** One job scheduler a worker declares at boot: its fixed id, its interval, the job it adds. */
export interface EverySchedule {
  readonly id: string;
  readonly everyMs: number;
  readonly job: string;
}

/**
 * A provider that declares `schedule` on `queue` at the worker's boot (scheduleEvery: one
 * schedule however many workers start, declared again when Redis comes back). For a schedule
 * fixed in code; one that reads settings writes its own class over scheduleEvery.
 */
export function everyJobScheduler(
  queue: { readonly name: string },
  schedule: EverySchedule,
): Type<OnApplicationBootstrap> {
  @Injectable()
  class EveryJobScheduler implements OnApplicationBootstrap {
    constructor(@InjectQueue(queue.name) private readonly target: Queue) {}

    async onApplicationBootstrap(): Promise<void> {
      await scheduleEvery(this.target, schedule.id, schedule.everyMs, schedule.job);
    }
  }
  return EveryJobScheduler;
}
