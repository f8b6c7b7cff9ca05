import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { errorMessage } from '@platform/errors';
import { ChannelListener } from '@platform/database';

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
  private readonly listener: ChannelListener;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.listener = new ChannelListener({
      databaseUrl: config.databaseUrl,
      applicationName: `${config.serviceName}-log-streams`,
      channel: LOG_LINES_CHANNEL,
      retryMs: RELISTEN_MS,
      // Opened again only while someone follows; the next follower opens it otherwise.
      retryWhile: () => this.followers.size > 0,
      onNotification: (key) => {
        for (const wake of this.followers.get(key ?? '') ?? []) wake();
      },
      // Lines written while no connection listened: every follower reads again.
      onListening: () => {
        for (const set of this.followers.values()) for (const wake of set) wake();
      },
      onRetryFailed: (error) =>
        this.logger.warn(`could not listen for log lines again: ${errorMessage(error)}`),
    });
  }

  /**
   * Calls `wake` at each notification of `key` until the returned function is called. Resolves once
   * this process listens (or could not: the follower's poll covers it).
   */
  async follow(key: string, wake: () => void): Promise<() => void> {
    let set = this.followers.get(key);
    if (!set) this.followers.set(key, (set = new Set()));
    set.add(wake);
    await this.listener
      .start()
      .catch((error: unknown) => this.logger.warn(`not listening for log lines yet: ${errorMessage(error)}`));
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.followers.get(key) === set) this.followers.delete(key);
    };
  }

  onApplicationShutdown(): Promise<void> {
    return this.listener.stop();
  }
}
