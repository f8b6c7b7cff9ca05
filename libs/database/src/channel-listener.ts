import { Client } from 'pg';

export interface ChannelListenerOptions {
  readonly databaseUrl: string;
  /** `application_name` of the connection (pg_stat_activity). */
  readonly applicationName: string;
  /** The PostgreSQL channel to LISTEN on (a constant identifier). */
  readonly channel: string;
  /** How long a lost (or refused) connection waits before it is opened again, ms. */
  readonly retryMs: number;
  /** Each notification's payload. */
  onNotification(payload: string | undefined): void;
  /** Each time the connection listens again: notifications sent meanwhile were missed. */
  onListening?(): void;
  /** A failure to open the connection again, after it was lost. */
  onRetryFailed?(error: unknown): void;
  /** Whether a lost connection should be opened again at all (default: always). */
  retryWhile?(): boolean;
}

/**
 * One dedicated connection LISTENing on a channel, opened again `retryMs` after it is lost, until
 * `stop`. A notification only wakes its listener up: whoever uses it must read what changed from
 * the tables, so a notification missed while no connection listened delays work, never loses it.
 */
export class ChannelListener {
  private client?: Client;
  private opening?: Promise<void>;
  private retry?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  /** Opens the connection unless it is open (concurrent calls share one attempt); rejects when it cannot. */
  start(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.opening ??= this.open().finally(() => (this.opening = undefined));
    return this.opening;
  }

  /** Closes the connection; nothing is opened again. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async open(): Promise<void> {
    const { databaseUrl, applicationName, channel } = this.options;
    const client = new Client({ connectionString: databaseUrl, application_name: applicationName });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.retryLater();
    };
    client.on('notification', (message) => this.options.onNotification(message.payload));
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.options.onListening?.();
  }

  private retryLater(): void {
    if (this.stopped || this.retry || (this.options.retryWhile && !this.options.retryWhile())) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start().catch((error: unknown) => this.options.onRetryFailed?.(error));
    }, this.options.retryMs).unref();
  }
}
