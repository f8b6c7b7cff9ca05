import { connect } from 'node:net';

/**
 * Clients that send a large request body the way real clients do, to check that an early answer
 * (401, 403, 404, 413, 415, sent before the body was read) reaches them: Node's fetch (undici),
 * and a raw socket that writes the whole body, with Content-Length or chunked, as fast as the
 * server takes it, while reading whatever comes back.
 */
export interface BodySend {
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The body's size in bytes (a multipart file part of that many bytes, or filler). */
  readonly bytes: number;
  readonly framing: 'content-length' | 'chunked';
  /** Multipart with one file part named `file`, else `application/octet-stream` filler. */
  readonly multipart?: boolean;
  /**
   * Send `Expect: 100-continue` and hold the body back until the server answers `100 Continue`;
   * a final answer instead means the body is never sent (RFC 9110 §10.1.1), as curl does. Raw
   * socket only: Node's fetch refuses the header.
   */
  readonly expectContinue?: boolean;
}

export interface BodySendResult {
  /** The status line's code, or null when no answer arrived. */
  readonly status: number | null;
  readonly body: string;
  /** The transport error the client saw, if any (EPIPE, ECONNRESET, …). */
  readonly error: string | null;
  readonly ms: number;
}

const BOUNDARY = 'early-answer-boundary';
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

function* bodyChunks(send: BodySend): Generator<Buffer> {
  if (send.multipart)
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    );
  for (let left = send.bytes; left > 0; left -= CHUNK.length)
    yield CHUNK.subarray(0, Math.min(left, CHUNK.length));
  if (send.multipart) yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

function contentType(send: BodySend): string {
  return (
    send.headers['content-type'] ??
    (send.multipart ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/octet-stream')
  );
}

/** POST with Node's fetch: a Buffer body (Content-Length) or a stream (chunked). */
export async function sendWithFetch(send: BodySend): Promise<BodySendResult> {
  if (send.expectContinue) throw new Error('fetch cannot send Expect: 100-continue; use sendWithSocket');
  const started = Date.now();
  const chunks = [...bodyChunks(send)];
  const body =
    send.framing === 'content-length'
      ? Buffer.concat(chunks)
      : new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = chunks.shift();
            if (next) controller.enqueue(next);
            else controller.close();
          },
        });
  try {
    const res = await fetch(send.url, {
      method: 'POST',
      headers: { ...send.headers, 'content-type': contentType(send) },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: await res.text(), error: null, ms: Date.now() - started };
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: null,
      body: '',
      error: cause?.code ?? cause?.message ?? String(e),
      ms: Date.now() - started,
    };
  }
}

/**
 * POST over a plain socket: writes the head and then the body as fast as the socket drains, and
 * reads concurrently; resolves when the server closes the connection (or `timeoutMs` passes, which
 * is an error: a stalled exchange). Keeps the answer it read even when a write later fails.
 */
export function sendWithSocket(send: BodySend, timeoutMs = 15_000): Promise<BodySendResult> {
  const started = Date.now();
  const url = new URL(send.url);
  const total = [...bodyChunks(send)].reduce((n, c) => n + c.length, 0);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let error: string | null = null;
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: match ? Number(match[1]) : null,
        body: split === -1 ? '' : text.slice(split + 4),
        error,
        ms: Date.now() - started,
      });
    };
    const timer = setTimeout(() => {
      error = error ?? `no close within ${timeoutMs} ms`;
      finish();
    }, timeoutMs);
    // With Expect: the body waits for `100 Continue`; a final status first means it is never sent.
    let answerToExpectation: (go: boolean) => void = () => undefined;
    const continued = new Promise<boolean>((r) => (answerToExpectation = r));
    socket.on('data', (d: Buffer) => {
      received.push(d);
      const text = Buffer.concat(received).toString('latin1');
      if (/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/.test(text)) {
        // The interim answer is not the result: drop it and read on.
        received.splice(0, received.length, Buffer.from(text.slice(text.indexOf('\r\n\r\n') + 4), 'latin1'));
        answerToExpectation(true);
      } else if (/^HTTP\/1\.1 [2-5]\d\d/.test(text)) answerToExpectation(false);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = error ?? e.code ?? e.message;
    });
    socket.on('close', () => {
      answerToExpectation(false);
      finish();
    });
    const headers = { ...send.headers, 'content-type': contentType(send) };
    let head = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (send.expectContinue) head += 'expect: 100-continue\r\n';
    head +=
      send.framing === 'content-length'
        ? `content-length: ${total}\r\n\r\n`
        : 'transfer-encoding: chunked\r\n\r\n';
    void (async () => {
      const write = async (data: Buffer | string): Promise<boolean> => {
        if (socket.destroyed || !socket.writable) return false;
        if (socket.write(data)) return true;
        await new Promise<void>((r) => {
          const done = (): void => {
            socket.off('drain', done);
            socket.off('close', done);
            r();
          };
          socket.on('drain', done);
          socket.on('close', done);
        });
        return !socket.destroyed;
      };
      if (!(await write(head))) return;
      if (send.expectContinue && !(await continued)) return;
      for (const chunk of bodyChunks(send)) {
        const framed =
          send.framing === 'content-length'
            ? chunk
            : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
        if (!(await write(framed))) return;
      }
      if (send.framing === 'chunked') await write('0\r\n\r\n');
    })();
  });
}
