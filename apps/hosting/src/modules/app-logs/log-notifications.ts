import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { errorMessage } from '@platform/errors';
import { Client } from 'pg';

/**
 * The channel a log write notifies when it commits (RuntimeLogStore's INSERT, BuildLogWriter's),
 * with the key of what it wrote: runtimeLogKey or buildLogKey.
 */
export const LOG_LINES_CHANNEL = 'hosting_log_lines';

/** The notification key of an app variant's runtime lines. */
export const runtimeLogKey = (appId: string, variant: string): string => `app:${appId}:${variant}`;
/** The notification key of an operation's (import's or deployment's) build lines. */
export const buildLogKey = (operationId: string): string => `op:${operationId}`;

/** How long a lost LISTEN connection waits before it is opened again (followers poll meanwhile). */
const RELISTEN_MS = 1000;

/**
 * The API's wake-ups for live log followers: one LISTEN connection per process on
 * LOG_LINES_CHANNEL (opened at the first follower), fanned out to the followers of each key. A
 * notification only says "read again": followers read the lines after their last position from
 * the table, so a lost notification delays a line (until the follower's poll) but never loses it,
 * and any replica serves any follower.
 */
@Injectable()
export class LogNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger(LogNotifications.name);
  private readonly followers = new Map<string, Set<() => void>>();
  private client?: Client;
  private connecting?: Promise<void>;
  private stopped = false;

  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  /**
   * Calls `wake` at each notification of `key` until the returned function is called. Resolves once
   * this process listens (or could not: the follower's poll covers it).
   */
  async follow(key: string, wake: () => void): Promise<() => void> {
    let set = this.followers.get(key);
    if (!set) this.followers.set(key, (set = new Set()));
    set.add(wake);
    await this.ensureListening().catch((error: unknown) =>
      this.logger.warn(`not listening for log lines yet: ${errorMessage(error)}`),
    );
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.followers.get(key) === set) this.followers.delete(key);
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private ensureListening(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.connecting ??= this.listen().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.config.databaseUrl,
      application_name: `${this.config.serviceName}-log-streams`,
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      setTimeout(() => {
        if (this.followers.size > 0)
          void this.ensureListening().catch((error: unknown) =>
            this.logger.warn(`could not listen for log lines again: ${errorMessage(error)}`),
          );
      }, RELISTEN_MS).unref();
    };
    client.on('notification', (message) => {
      for (const wake of this.followers.get(message.payload ?? '') ?? []) wake();
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${LOG_LINES_CHANNEL}`);
      this.client = client;
      if (this.stopped) return await this.onApplicationShutdown();
      // Lines written while no connection listened: every follower reads again.
      for (const set of this.followers.values()) for (const wake of set) wake();
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
  }
}
