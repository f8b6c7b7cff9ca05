import type { Queue } from 'bullmq';

/** How many runs of a scheduled job Redis keeps, completed and failed each. */
const KEEP_RUNS = 100;

/**
 * Upserts the job scheduler `schedulerId`: job `jobName` every `everyMs`. Called by a worker at
 * boot; a fixed scheduler id keeps the job single however many workers start, and a restarted
 * worker picks the schedule up again. The last 100 runs, completed and failed, are kept.
 */
export async function scheduleEvery(
  queue: Queue,
  schedulerId: string,
  everyMs: number,
  jobName: string,
): Promise<void> {
  await queue.upsertJobScheduler(
    schedulerId,
    { every: everyMs },
    { name: jobName, opts: { removeOnComplete: KEEP_RUNS, removeOnFail: KEEP_RUNS } },
  );
}
