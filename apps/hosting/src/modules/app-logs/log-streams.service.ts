import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { Inject, Injectable } from '@nestjs/common';
import type { BeforeApplicationShutdown } from '@nestjs/common';
import { TokenService, bearerToken } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { CommonErrorCode, PlatformError } from '@platform/errors';
import { LogEventStream, LogStreamEndReason } from './log-event-stream';
import type { LogStreamSource } from './log-event-stream';
import { LogNotifications } from './log-notifications';
import { LOG_STREAM_SETTINGS } from './log-stream-settings';
import type { LogStreamSettings } from './log-stream-settings';
import { LogStreamSlots } from './log-stream-slots';

/** A request asks for a live stream: `Accept: text/event-stream`, or `follow=true`. */
export function wantsEventStream(accept: string | undefined, follow: boolean | undefined): boolean {
  return follow === true || /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');
}

/** What a stream needs of the request that opens it. */
export interface LogStreamRequest {
  readonly principal: Principal;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
}

/**
 * Live log streams of this API process (docs/hosting.md, "Live logs"), runtime and build logs
 * alike: takes one of the credential's stream slots (429 beyond HOSTING_LOG_STREAMS_PER_TOKEN),
 * then runs a LogEventStream on a source until the reader leaves. At shutdown
 * every stream ends with `event: end` (SHUTDOWN) so that its reader reconnects to another replica.
 */
@Injectable()
export class LogStreamsService implements BeforeApplicationShutdown {
  private readonly open = new Set<LogEventStream>();

  constructor(
    private readonly notifications: LogNotifications,
    private readonly slots: LogStreamSlots,
    private readonly tokens: TokenService,
    @Inject(LOG_STREAM_SETTINGS) private readonly settings: LogStreamSettings,
  ) {}

  /** Runs `source` on the request's response, holding one of the credential's slots meanwhile. */
  async run({ principal, req, res }: LogStreamRequest, source: LogStreamSource): Promise<void> {
    const streamId = randomUUID();
    if (!(await this.slots.take(principal.tokenId, streamId)))
      throw new PlatformError({
        status: 429,
        code: CommonErrorCode.TOO_MANY_REQUESTS,
        message: `at most ${this.settings.maxPerToken} log streams may be open per credential; close one first`,
        retryAfterSec: Math.ceil(this.settings.heartbeatMs / 1000),
      });
    const token = bearerToken(req.headers.authorization);
    const stream = new LogEventStream(res, this.settings, {
      stillAuthorized: async () => {
        if (token === undefined) return true;
        return this.tokens.authenticate(token).then(
          () => true,
          (error: unknown) => !(error instanceof PlatformError && error.status === 401),
        );
      },
      renew: () => this.slots.renew(principal.tokenId, streamId),
    });
    this.open.add(stream);
    const unfollow = await this.notifications.follow(source.key, () => stream.wake());
    try {
      await stream.run(source);
    } finally {
      unfollow();
      this.open.delete(stream);
      await this.slots.release(principal.tokenId, streamId).catch(() => undefined);
    }
  }

  beforeApplicationShutdown(): void {
    for (const stream of this.open) stream.end(LogStreamEndReason.SHUTDOWN);
  }
}

/**
 * The raw response of a reply taken over for a stream: Fastify sends nothing more (no onSend
 * hooks, no serialization); the headers already set (request id, rate limit) are kept. Taken over
 * at the first write, so that a refusal before it (400, 404, 429) is answered as usual.
 */
export function streamResponse(reply: FastifyReply): ServerResponse {
  const res = reply.raw;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<ServerResponse['writeHead']>) => {
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
  return res;
}
