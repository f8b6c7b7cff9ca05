import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';

/** One Server-Sent Event as a client parses it, with when it arrived. */
export interface SseEvent {
  readonly event: string;
  readonly id?: string;
  readonly data: string;
  readonly receivedAt: number;
}

/** An open `text/event-stream` answer: its status, headers, events and comment lines so far. */
export interface SseConnection {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly events: SseEvent[];
  readonly comments: string[];
  /** The body of a non-stream answer (an error), once it ended. */
  body(): string;
  readonly ended: () => boolean;
  /** Stops reading from the socket (the bytes pile up in the kernel, then at the server). */
  pause(): void;
  resume(): void;
  close(): void;
}

/**
 * Opens a GET to `url` and parses its events (text/event-stream: `id`, `event`, `data`, comments)
 * as they arrive; resolves once the status and headers are in.
 */
export function openSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      let buffered = '';
      let raw = '';
      let ended = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += res.statusCode === 200 ? '' : chunk;
        buffered += chunk;
        let cut: number;
        while ((cut = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) [id, isEvent] = [line.slice(4), true];
            else if (line.startsWith('event: ')) [event, isEvent] = [line.slice(7), true];
            else if (line.startsWith('data: ')) [isEvent] = [true, data.push(line.slice(6))];
          }
          if (isEvent) events.push({ event, id, data: data.join('\n'), receivedAt: Date.now() });
        }
      });
      res.on('end', () => (ended = true));
      res.on('close', () => (ended = true));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        body: () => raw,
        ended: () => ended,
        pause: () => res.pause(),
        resume: () => res.resume(),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
