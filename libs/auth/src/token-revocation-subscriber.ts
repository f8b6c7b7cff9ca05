import type { LoggerService } from '@nestjs/common';
import Redis from 'ioredis';
import { TokenCache } from './token-cache';
import { RevocationConfig, decodeRevocation, tokenRevocationChannel } from './token-revocation';

/**
 * Keeps a TokenCache honest: a dedicated Redis connection subscribed to the revocation channel
 * evicts each revoked token as its message arrives. The cache serves only while the subscription
 * stands: it is resumed (empty) once SUBSCRIBE is confirmed and suspended (emptied) as soon as the
 * connection closes, since messages published meanwhile are lost. ioredis reconnects on its own;
 * each new connection subscribes again (ioredis' automatic resubscription is off so that the
 * confirmation is seen here).
 */
export class TokenRevocationSubscriber {
  private readonly redis: Redis;
  private readonly channel: string;
  /** Bumped on every connect and close, so a confirmation from an earlier connection is ignored. */
  private connection = 0;
  private stopped = false;

  constructor(
    private readonly cache: TokenCache,
    config: RevocationConfig,
    private readonly logger?: Pick<LoggerService, 'log' | 'warn'>,
  ) {
    this.channel = tokenRevocationChannel(config.redisKeyPrefix);
    this.redis = new Redis(config.redisUrl, {
      connectionName: `${config.serviceName}:token-revocations`,
      lazyConnect: true,
      autoResubscribe: false,
      autoResendUnfulfilledCommands: false,
      connectTimeout: 5000,
    });
    this.redis.on('ready', () => this.subscribe());
    this.redis.on('close', () => this.lost());
    this.redis.on('message', (channel: string, message: string) => this.received(channel, message));
    // Reconnection is ioredis' job; the drop itself is logged once by lost().
    this.redis.on('error', () => undefined);
  }

  /** Connects; the cache stays off until the subscription is confirmed (waitFor `cache.isLive`). */
  start(): void {
    this.redis.connect().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cache.suspend();
    // QUIT would wait for a connection that is down; then there is nothing to say goodbye to.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private subscribe(): void {
    const connection = ++this.connection;
    this.redis.subscribe(this.channel).then(
      () => {
        if (this.stopped || connection !== this.connection) return;
        this.cache.resume();
        this.logger?.log(`token cache on: subscribed to ${this.channel}`);
      },
      (e: unknown) => {
        if (connection === this.connection)
          this.logger?.warn(`token cache stays off: SUBSCRIBE failed (${String(e)})`);
      },
    );
  }

  private lost(): void {
    this.connection++;
    if (this.cache.isLive && !this.stopped)
      this.logger?.warn('token cache off until Redis is back: every request reads the database');
    this.cache.suspend();
  }

  private received(channel: string, message: string): void {
    if (channel !== this.channel) return;
    const revocation = decodeRevocation(message);
    // A message this version cannot read still means some token was revoked.
    if (revocation) this.cache.evict(revocation.tokenHash);
    else this.cache.clear();
  }
}
