import { Writable } from 'node:stream';
import type { Log, V1Pod } from '@kubernetes/client-node';
import { APP_CONTAINER } from './kubernetes-objects';
import { LineSplitter, logLevelOf } from './log-lines';
import type { RuntimeLogLine } from './runtime-driver';

/**
 * Streams the app container's log of a variant's pods into its log sink, through the pod log
 * endpoint (`Log.log` with follow and timestamps). The kubelet keeps one log per container and the
 * API serves stdout and stderr merged, so every line is source STDOUT; its level comes from the
 * line itself (`logLevelOf`), a JSON line with `"level":"error"` stays ERROR.
 *
 * No line twice: every line carries the kubelet's timestamp (nanoseconds). Per pod the follower
 * keeps the newest timestamp emitted and how many lines had it; a reconnection (the connection
 * dropped, the container restarted) asks for `sinceTime` = that second and skips what it already
 * emitted. Pods that existed before the follower started are read from its start time on: their
 * earlier lines were stored by whoever followed them before (another worker, before a restart).
 *
 * A container that crashed between two polls is read once with `previous: true`, so a crash
 * loop's last words reach the log even when no follow stream caught that instance.
 */

/** A kubelet timestamp as nanoseconds since the epoch (RFC3339Nano, Go trims trailing zeros). */
export function timestampKey(value: string): bigint | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(value);
  if (!match) return null;
  const seconds = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(seconds)) return null;
  return BigInt(seconds) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

function keyOfDate(date: Date): bigint {
  return BigInt(date.getTime()) * 1_000_000n;
}

/** The whole second of a key, as `sinceTime` takes it (the API's precision is the second). */
function sinceTimeOf(key: bigint): string {
  const ms = Number(key / 1_000_000_000n) * 1000;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface PodCursor {
  name: string;
  /** Newest timestamp emitted (or the start of the window for pods older than the follower). */
  lastKey: bigint | null;
  /** Lines emitted with exactly lastKey. */
  atLastKey: number;
  /** The open follow request, or the promise of one. */
  connection: { abort: () => void } | null;
  /** Container ids whose log was read to its end (followed until it exited, or read as previous). */
  finished: Set<string>;
}

export interface PodLogFollowerOptions {
  log: Log;
  namespace: string;
  onLine: (line: RuntimeLogLine) => void;
  /** Lines of pods created before this are read from it on. */
  since: Date;
}

export class PodLogFollower {
  private readonly pods = new Map<string, PodCursor>();
  private closed = false;

  constructor(private readonly options: PodLogFollowerOptions) {}

  /** Aligns the open streams with the pods the API lists now (call it after every poll). */
  sync(pods: readonly V1Pod[]): void {
    if (this.closed) return;
    const present = new Set<string>();
    for (const pod of pods) {
      const uid = pod.metadata?.uid;
      const name = pod.metadata?.name;
      if (!uid || !name) continue;
      present.add(uid);
      let cursor = this.pods.get(uid);
      if (!cursor) {
        const created = pod.metadata?.creationTimestamp;
        const older = created !== undefined && new Date(created).getTime() < this.options.since.getTime();
        cursor = {
          name,
          lastKey: older ? keyOfDate(this.options.since) : null,
          atLastKey: 0,
          connection: null,
          finished: new Set(),
        };
        this.pods.set(uid, cursor);
      }
      this.advance(cursor, pod);
    }
    for (const [uid, cursor] of this.pods) {
      if (!present.has(uid)) {
        cursor.connection?.abort();
        this.pods.delete(uid);
      }
    }
  }

  /** Stops every stream; the follower is done. */
  close(): void {
    this.closed = true;
    for (const cursor of this.pods.values()) cursor.connection?.abort();
    this.pods.clear();
  }

  private advance(cursor: PodCursor, pod: V1Pod): void {
    if (cursor.connection) return;
    const status = pod.status?.containerStatuses?.find((c) => c.name === APP_CONTAINER);
    if (!status) return;
    const current = status.containerID ?? '';
    if (status.state?.running || (status.state?.terminated && !cursor.finished.has(current))) {
      this.connect(cursor, current, false);
      return;
    }
    const previous = status.lastState?.terminated?.containerID;
    if (status.state?.waiting && previous && !cursor.finished.has(previous)) {
      this.connect(cursor, previous, true);
    }
  }

  /** One request: follows the running container, or reads a previous instance to its end. */
  private connect(cursor: PodCursor, containerId: string, previous: boolean): void {
    let skip = cursor.atLastKey;
    let aborted = false;
    let controller: AbortController | null = null;
    const emit = (raw: string) => {
      const space = raw.indexOf(' ');
      const key = space > 0 ? timestampKey(raw.slice(0, space)) : null;
      const message = key === null ? raw : raw.slice(space + 1);
      if (key !== null && cursor.lastKey !== null) {
        if (key < cursor.lastKey) return;
        if (key === cursor.lastKey) {
          if (skip > 0) {
            skip -= 1;
            return;
          }
          cursor.atLastKey += 1;
        } else {
          cursor.lastKey = key;
          cursor.atLastKey = 1;
          skip = 0;
        }
      } else if (key !== null) {
        cursor.lastKey = key;
        cursor.atLastKey = 1;
      }
      const at = key === null ? new Date() : new Date(Number(key / 1_000_000n));
      this.deliver({ at, source: 'STDOUT', level: logLevelOf('STDOUT', message), message });
    };
    const splitter = new LineSplitter(emit);
    const done = () => {
      if (cursor.connection !== handle) return;
      cursor.connection = null;
      // A stream that ended on its own read that container to its end (or the connection dropped:
      // then the container still runs, and the next sync reconnects from the last timestamp).
      cursor.finished.add(containerId);
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (!aborted) splitter.push(chunk);
        callback();
      },
      final(callback) {
        if (!aborted) splitter.end();
        callback();
      },
    });
    sink.on('finish', done);
    const handle = {
      abort: () => {
        aborted = true;
        controller?.abort();
        if (cursor.connection === handle) cursor.connection = null;
      },
    };
    cursor.connection = handle;
    this.options.log
      .log(this.options.namespace, cursor.name, APP_CONTAINER, sink, {
        follow: !previous,
        previous,
        timestamps: true,
        ...(cursor.lastKey !== null ? { sinceTime: sinceTimeOf(cursor.lastKey) } : {}),
      })
      .then(
        (c) => {
          controller = c;
          if (aborted) c.abort();
        },
        () => {
          // The container is waiting or the pod is gone: the next sync tries again if it still matters.
          if (cursor.connection === handle) cursor.connection = null;
        },
      );
  }

  private deliver(line: RuntimeLogLine): void {
    if (this.closed) return;
    try {
      this.options.onLine(line);
    } catch {
      // The sink must not break the stream.
    }
  }
}
