import type { ServerResponse } from 'node:http';
import type { LogStreamSettings } from './log-stream-settings';

/** One event of a live log stream: its position (the SSE `id`) and its JSON `data`. */
export interface LogStreamEvent {
  readonly id: string;
  readonly data: unknown;
}

/** What a stream follows: the next lines after the last one it gave, from the table. */
export interface LogStreamSource {
  /** The notification key that says new lines may be there (LogNotifications). */
  readonly key: string;
  /** Up to `limit` events after the last one returned; `finished` once no line can follow (a deployment ended). */
  next(limit: number): Promise<{ events: LogStreamEvent[]; finished: boolean }>;
}

/** Why a stream's last event (`event: end` or `event: cut`) ended it. */
export const LogStreamEndReason = {
  /** The reader did not take HOSTING_LOG_STREAM_BUFFER_BYTES within HOSTING_LOG_STREAM_STALL_MS (`cut`). */
  SLOW_READER: 'SLOW_READER',
  /** The credential was revoked or expired (checked at each heartbeat). */
  TOKEN_REVOKED: 'TOKEN_REVOKED',
  /** The build log is complete: its deployment ended. */
  COMPLETED: 'COMPLETED',
  /** This API replica is stopping; reconnect with Last-Event-ID. */
  SHUTDOWN: 'SHUTDOWN',
  /** Reading the lines failed; reconnect with Last-Event-ID. */
  ERROR: 'ERROR',
} as const;
export type LogStreamEndReason = (typeof LogStreamEndReason)[keyof typeof LogStreamEndReason];

/** How long an ended stream's reader has to take what is queued, the last event included. */
export const FINAL_EVENT_GRACE_MS = 10_000;

/** Lines read and sent at once. */
export const LOG_STREAM_BATCH = 200;

const MESSAGES: Record<LogStreamEndReason, string> = {
  SLOW_READER: 'the reader fell too far behind; reconnect with Last-Event-ID to resume',
  TOKEN_REVOKED: 'the credential is no longer valid',
  COMPLETED: 'the log is complete',
  SHUTDOWN: 'the server is stopping; reconnect with Last-Event-ID to resume',
  ERROR: 'the log could not be read; reconnect with Last-Event-ID to resume',
};

/** What a stream asks of its owner at each heartbeat. */
export interface LogStreamHooks {
  /** Whether the credential that opened the stream is still valid. */
  stillAuthorized(): Promise<boolean>;
  /** Keeps the stream's slot (streams per credential) alive. */
  renew(): Promise<void>;
}

/**
 * A live log stream on one response, as Server-Sent Events: every line as an event whose `id` is
 * its position, read from the table after the last position sent whenever a notification (or the
 * slow poll) says lines may be there; a comment line every heartbeat. The app writing the lines
 * never waits on a reader (it writes to the table). A reader is sent events while at most
 * `bufferBytes` wait for it on the response; one that has not taken them within `stallMs` is sent
 * a last `event: cut` and disconnected, so a slow reader costs at most about `bufferBytes` plus one
 * batch of memory, and resumes with Last-Event-ID.
 */
export class LogEventStream {
  private closed = false;
  private ended = false;
  private dirty = true;
  /** Events read from the table, not yet written (at most one batch). */
  private readonly pending: LogStreamEvent[] = [];
  /** The response refused more (write() returned false) and has not drained since. */
  private congested = false;
  /** Bytes written while congested: what waits for the reader beyond the response's high-water mark. */
  private backlog = 0;
  private wakeUp?: () => void;

  constructor(
    private readonly res: ServerResponse,
    private readonly settings: LogStreamSettings,
    private readonly hooks: LogStreamHooks,
  ) {
    res.on('close', () => {
      this.closed = true;
      this.wake();
    });
    res.on('drain', () => {
      this.congested = false;
      this.backlog = 0;
    });
  }

  /** Says lines may be there: the stream reads again. */
  wake(): void {
    this.dirty = true;
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  /** Sends the headers and runs until the reader leaves or the stream ends. */
  async run(source: LogStreamSource): Promise<void> {
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    this.write('retry: 1000\n\n');
    const poll = setInterval(() => this.wake(), this.settings.pollMs);
    const heartbeat = setInterval(() => void this.heartbeat(), this.settings.heartbeatMs);
    let finished = false;
    try {
      while (!this.closed && !this.ended) {
        if (!this.writePending()) {
          // More than bufferBytes wait for the reader: it gets stallMs to take them, or is cut.
          if (!(await this.drained())) this.end(LogStreamEndReason.SLOW_READER);
          continue;
        }
        if (finished) {
          this.end(LogStreamEndReason.COMPLETED);
          continue;
        }
        if (!this.dirty) {
          await new Promise<void>((resolve) => (this.wakeUp = resolve));
          continue;
        }
        this.dirty = false;
        const batch = await source.next(LOG_STREAM_BATCH);
        this.pending.push(...batch.events);
        if (batch.events.length === LOG_STREAM_BATCH) this.dirty = true;
        else finished = batch.finished;
      }
    } catch {
      this.end(LogStreamEndReason.ERROR);
    } finally {
      clearInterval(poll);
      clearInterval(heartbeat);
    }
  }

  /** Writes the events read so far while at most bufferBytes wait for the reader; true when all are written. */
  private writePending(): boolean {
    while (this.pending.length > 0 && this.backlog <= this.settings.bufferBytes) {
      const event = this.pending.shift() as LogStreamEvent;
      this.write(`id: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`);
    }
    return this.pending.length === 0;
  }

  /**
   * Writes and counts what waits for the reader: once the response refuses more (write() false,
   * its high-water mark reached) every byte written until its next 'drain' is backlog. Counting
   * this way rather than with writableLength holds for a socket and for the in-process hop of the
   * gateway's single mode alike (whose response queues in a stream of its own).
   */
  private write(text: string): void {
    const accepted = this.res.write(text);
    if (this.congested) this.backlog += Buffer.byteLength(text);
    else if (!accepted) this.congested = true;
  }

  /** Whether the reader took everything queued within stallMs (or left). */
  private drained(): Promise<boolean> {
    if (!this.congested) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (drained: boolean) => {
        clearTimeout(timer);
        this.res.off('drain', onDrain);
        this.res.off('close', onDrain);
        resolve(drained);
      };
      const onDrain = () => done(true);
      const timer = setTimeout(() => done(false), this.settings.stallMs);
      this.res.once('drain', onDrain);
      this.res.once('close', onDrain);
    });
  }

  /**
   * Sends the last event (`cut` for a slow reader, else `end`) and ends the response; a reader
   * that has not taken it FINAL_EVENT_GRACE_MS (or stallMs, if longer) later is disconnected.
   */
  end(reason: LogStreamEndReason): void {
    if (this.ended || this.closed) return;
    this.ended = true;
    const event = reason === LogStreamEndReason.SLOW_READER ? 'cut' : 'end';
    this.res.end(`event: ${event}\ndata: ${JSON.stringify({ reason, message: MESSAGES[reason] })}\n\n`);
    setTimeout(() => this.res.destroy(), Math.max(this.settings.stallMs, FINAL_EVENT_GRACE_MS)).unref();
    this.wake();
  }

  private async heartbeat(): Promise<void> {
    if (this.closed || this.ended) return;
    if (!this.congested) this.write(': heartbeat\n\n');
    // A heartbeat is a read too: it notices what no notification tells (a deployment that ended).
    this.wake();
    const authorized = await this.hooks.stillAuthorized().catch(() => true);
    if (!authorized) return this.end(LogStreamEndReason.TOKEN_REVOKED);
    await this.hooks.renew().catch(() => undefined);
  }
}
