import { STATUS_CODES } from 'node:http';
import { type InProcessRoutes, InProcessDispatcher } from '@platform/service-kit';
import { Agent, Dispatcher, errors, request } from 'undici';
import { UPSTREAM_KEEP_ALIVE_MS, UpstreamTimeouts } from '../../config/gateway.config';
import { requestHeadersToForward } from '../http-semantics/hop-by-hop';

/** What Apollo's RemoteGraphQLDataSource hands its fetcher. */
export interface SubgraphRequestInit {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/**
 * The part of a Fetch API Response that RemoteGraphQLDataSource reads (`ok`, `status`,
 * `statusText`, `url`, `headers.get`, `text`, `json`), over a body read whole.
 */
export class SubgraphResponse {
  readonly headers: Headers;

  constructor(
    readonly url: string,
    readonly status: number,
    headers: Record<string, string | string[] | undefined>,
    private readonly body: string,
  ) {
    this.headers = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (Array.isArray(value)) for (const v of value) this.headers.append(name, v);
      else if (value !== undefined) this.headers.set(name, value);
    }
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get statusText(): string {
    return STATUS_CODES[this.status] ?? '';
  }

  async text(): Promise<string> {
    return this.body;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.body);
  }
}

/** A fetch past one of the deadlines (connect, headers, between body chunks). */
export class SubgraphTimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

function isUndiciTimeout(error: unknown): boolean {
  return (
    error instanceof errors.ConnectTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError
  );
}

/**
 * The gateway's subgraph fetches, written here rather than taken from Node's `fetch`: `fetch`
 * wraps every request and response body in web streams (and tees the request body to clone the
 * request), which a CPU profile of a one-subgraph query through /graphql put at about 12 % of the
 * gateway's time; a subgraph answer is one JSON document read whole anyway. undici's `request`
 * (the client under Node's fetch and under the REST proxy) has no such layer. Its own pool keeps
 * connections alive for UPSTREAM_KEEP_ALIVE_MS, and every call has the connect and response
 * deadlines of the REST proxy; past one the fetch fails with a `TimeoutError`, read whole so a
 * deadline in the body is one too. With `inProcess` (single mode) a subgraph of the gateway's own
 * process answers inside it, with the same deadlines (InProcessDispatcher), the others over the wire.
 */
export class SubgraphFetcher {
  private readonly agent: Dispatcher;

  constructor(timeouts: UpstreamTimeouts, inProcess?: InProcessRoutes) {
    const agent = new Agent({
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.responseMs,
      bodyTimeout: timeouts.responseMs,
      keepAliveTimeout: UPSTREAM_KEEP_ALIVE_MS,
    });
    this.agent = inProcess
      ? new InProcessDispatcher(inProcess, agent, {
          headersTimeout: timeouts.responseMs,
          bodyTimeout: timeouts.responseMs,
        })
      : agent;
  }

  readonly fetch = async (url: string, init: SubgraphRequestInit = {}): Promise<SubgraphResponse> => {
    try {
      const answer = await request(url, {
        dispatcher: this.agent,
        method: (init.method ?? 'POST') as 'POST',
        // The gateway's one forwarding policy (hop-by-hop.ts), here as on the REST proxy.
        headers: init.headers && requestHeadersToForward(init.headers),
        body: init.body,
      });
      return new SubgraphResponse(url, answer.statusCode, answer.headers, await answer.body.text());
    } catch (error) {
      if (isUndiciTimeout(error))
        throw new SubgraphTimeoutError('the subgraph did not answer in time', { cause: error });
      throw error;
    }
  };

  close(): Promise<void> {
    return this.agent.close();
  }
}
