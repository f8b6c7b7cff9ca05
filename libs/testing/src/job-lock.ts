import Redis from 'ioredis';
import type { TestRedis } from './test-redis';

/**
 * What BullMQ's own clock does to a killed worker's job, without waiting for it (up to
 * lockDuration + stalledInterval, 30–60 s): the job's lock lapses and a stalled check marks the
 * job. The next worker's first stalled check then moves it back to wait, as it would after the
 * lock expired. Keys per BullMQ: `<prefix>:<queue>:…`, the suite's Redis prefix.
 */
export async function expireJobLock(
  env: { readonly redis: Pick<TestRedis, 'url' | 'prefix'> },
  queueName: string,
  jobId: string,
): Promise<void> {
  const redis = new Redis(env.redis.url, { maxRetriesPerRequest: 2 });
  const key = (suffix: string): string => `${env.redis.prefix}:${queueName}:${suffix}`;
  try {
    await redis.del(key(`${jobId}:lock`), key('stalled-check'));
    await redis.sadd(key('stalled'), jobId);
  } finally {
    redis.disconnect();
  }
}
