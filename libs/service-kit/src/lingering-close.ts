import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface LingeringCloseSettings {
  /** How long the rest of an unread body is read and discarded after the answer (ms). */
  readonly lingerMs: number;
}

export const DEFAULT_LINGERING_CLOSE: LingeringCloseSettings = { lingerMs: 5000 };

const lingering = new WeakSet<Socket>();

/**
 * Lingering close, for answers sent before the request body was read to its end (401, 403, 404,
 * 413, 415 and any other early answer, on every route).
 *
 * Node's HTTP server destroys a socket the moment a `Connection: close` answer is flushed. If the
 * client is still sending, the unread bytes in the kernel's buffer make the close a TCP reset,
 * and a reset that reaches the client before it read the answer discards the answer: the client
 * sees EPIPE or ECONNRESET instead of the status (and a proxy in front sees a failed upstream).
 * HTTP/1.1 (RFC 9112, section 9.6) asks servers to close in stages instead, as Apache and nginx do:
 * answer with `Connection: close`, shut down the sending side only, read and discard what the
 * client still sends (for a bounded time), then close. Node has no switch for this
 * and no library does it, so this hook does, for the sockets that need it and no others.
 */
export function installLingeringClose(
  fastify: FastifyInstance,
  settings: LingeringCloseSettings = DEFAULT_LINGERING_CLOSE,
): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || !declaresBody(raw)) return payload;
    // The rest of the body is not worth reading to keep the connection: close it after this answer.
    reply.header('connection', 'close');
    lingerInsteadOfDestroying(raw, settings);
    return payload;
  });
}

function declaresBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Replaces the socket's `destroySoon`, which Node's server calls once a `Connection: close`
 * answer is finished, by a half close: the answer is flushed and followed by FIN, the client's
 * remaining bytes are read and dropped (by Node's parser, the request being dumped), and the socket
 * is destroyed when the client ends its side or when `lingerMs` has passed.
 */
function lingerInsteadOfDestroying(request: IncomingMessage, settings: LingeringCloseSettings): void {
  const socket = request.socket;
  if (lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = function lingeringDestroySoon(this: Socket): void {
    const close = (): void => {
      this.destroy();
    };
    const timer = setTimeout(close, settings.lingerMs);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', close);
    // Whoever read the body (a parser, a proxy) may have stopped, leaving it paused.
    request.resume();
    this.resume();
    if (this.writable) this.end();
  };
}
