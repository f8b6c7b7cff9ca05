import { Inject, Injectable } from '@nestjs/common';
import { REDIS, RedisKeys } from '@platform/database';
import Redis from 'ioredis';
import { LOG_STREAM_SETTINGS } from './log-stream-settings';
import type { LogStreamSettings } from './log-stream-settings';

/**
 * Takes a slot when fewer than `max` unexpired ones are held: KEYS[1] the credential's sorted set
 * (member: stream id, score: expiry in ms), ARGV now, expiry, max, stream id. 1 taken, 0 full.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`;

/** Renews a held slot (heartbeat); KEYS[1], ARGV expiry, stream id. */
const RENEW = `
redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[2])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIREAT', KEYS[1], last[2]) end
return 1`;

/**
 * Open live log streams per credential, counted in Redis so that the limit holds across API
 * replicas (HOSTING_LOG_STREAMS_PER_TOKEN). Each stream holds a slot that expires three heartbeats
 * after its last renewal, so the slots of a replica that died free themselves.
 */
@Injectable()
export class LogStreamSlots {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(LOG_STREAM_SETTINGS) private readonly settings: LogStreamSettings,
  ) {}

  /** Takes a slot of `tokenId` for `streamId`; false when the credential holds the maximum already. */
  async take(tokenId: string, streamId: string): Promise<boolean> {
    const now = Date.now();
    const taken = await this.redis.eval(
      TAKE,
      1,
      this.key(tokenId),
      now,
      now + this.ttlMs(),
      this.settings.maxPerToken,
      streamId,
    );
    return taken === 1;
  }

  async renew(tokenId: string, streamId: string): Promise<void> {
    await this.redis.eval(RENEW, 1, this.key(tokenId), Date.now() + this.ttlMs(), streamId);
  }

  async release(tokenId: string, streamId: string): Promise<void> {
    await this.redis.zrem(this.key(tokenId), streamId);
  }

  private ttlMs(): number {
    return 3 * this.settings.heartbeatMs + 5000;
  }

  private key(tokenId: string): string {
    return this.keys.key('hosting', 'log-streams', tokenId);
  }
}
