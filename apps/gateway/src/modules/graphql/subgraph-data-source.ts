import type { IncomingHttpHeaders } from 'node:http';
import { GraphQLDataSourceProcessOptions, RemoteGraphQLDataSource } from '@apollo/gateway';
import type { RequestContext } from '@platform/observability';
import { errorCauses } from '@platform/errors';
import { GraphQLError } from 'graphql';
import { SubgraphFetcher } from './subgraph-fetcher';
import { SupergraphErrorCode } from './supergraph.errors';

/** The per-request context of the federated /graphql: what the subgraph fetches carry. */
export interface SupergraphContext {
  readonly requestContext: RequestContext;
  readonly headers: IncomingHttpHeaders;
}

/** Caller headers every subgraph fetch carries unchanged (the subgraphs authenticate). */
const FORWARDED_HEADERS = ['authorization', 'x-store-id'] as const;
/** `{storeId}` in a routing URL, as written or percent-encoded by a URL parser. */
const STORE_ID_SEGMENT = /\{storeId\}|%7BstoreId%7D/i;

type DataSourceConfig = NonNullable<ConstructorParameters<typeof RemoteGraphQLDataSource>[0]>;

/** A fetch past its deadline (SubgraphFetcher's TimeoutError), however it was wrapped. */
function isTimeout(error: unknown): boolean {
  return errorCauses(error).some((e) => (e as { name?: unknown }).name === 'TimeoutError');
}

/** The first error of a GraphQL error body when it carries a message and a code. */
function codedErrorOf(body: unknown): { message: string; code: string } | undefined {
  const first = (body as { errors?: unknown } | null)?.errors;
  const error = Array.isArray(first)
    ? (first[0] as { message?: unknown; extensions?: { code?: unknown } })
    : undefined;
  const code = error?.extensions?.code;
  return typeof error?.message === 'string' && typeof code === 'string'
    ? { message: error.message, code }
    : undefined;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A subgraph fetch with the caller's credentials and the gateway's request id; its traceparent
 * (the caller's trace, the gateway's span for the fetch as parent) and tracestate are added by
 * OpenTelemetry's undici instrumentation (SubgraphFetcher calls undici). A `{storeId}` segment of
 * the subgraph's URL is filled from the caller's `x-store-id` header.
 */
export class SubgraphDataSource extends RemoteGraphQLDataSource<SupergraphContext> {
  constructor(
    private readonly subgraphName: string,
    url: string,
    /** The gateway's subgraph client, with its deadlines; past one the error is SUBGRAPH_TIMEOUT. */
    fetcher: SubgraphFetcher,
  ) {
    super({ url, fetcher: fetcher.fetch as unknown as NonNullable<DataSourceConfig['fetcher']> });
  }

  override willSendRequest(options: GraphQLDataSourceProcessOptions<SupergraphContext>): void {
    // Health checks and schema loading carry no caller; only incoming operations do.
    if (!('incomingRequestContext' in options) || !options.request.http) return;
    const http = options.request.http;
    const { headers, requestContext } = options.context;
    for (const name of FORWARDED_HEADERS) {
      const value = headerValue(headers[name]);
      if (value) http.headers.set(name, value);
    }
    http.headers.set('x-request-id', requestContext.requestId);
    if (STORE_ID_SEGMENT.test(http.url)) {
      const storeId = headerValue(headers['x-store-id'])?.trim();
      if (!storeId) {
        throw new GraphQLError('this query needs a store: send its id in the x-store-id header', {
          extensions: { code: SupergraphErrorCode.STORE_ID_REQUIRED },
        });
      }
      options.request.http = {
        ...http,
        url: http.url.replace(new RegExp(STORE_ID_SEGMENT.source, 'gi'), encodeURIComponent(storeId)),
      };
    }
  }

  /** A subgraph that cannot be reached is named, never located (no URL, no socket error). */
  override didEncounterError(error: Error, _fetchRequest: unknown, fetchResponse?: unknown): void {
    if (fetchResponse === undefined && isTimeout(error)) {
      throw new GraphQLError(`the ${this.subgraphName} subgraph did not answer in time`, {
        extensions: { code: SupergraphErrorCode.SUBGRAPH_TIMEOUT },
      });
    }
    if (fetchResponse === undefined && !(error instanceof GraphQLError)) {
      throw new GraphQLError(`the ${this.subgraphName} subgraph is not reachable; try again later`, {
        extensions: { code: SupergraphErrorCode.SUBGRAPH_UNAVAILABLE },
      });
    }
    throw error;
  }

  /**
   * The error of a non-2xx subgraph answer, without the subgraph's URL. When the answer is a
   * GraphQL error body with a code (the subgraph refused the request: GRAPHQL_QUERY_TOO_COMPLEX,
   * GRAPHQL_QUERY_TOO_DEEP, GRAPHQL_VALIDATION_FAILED, …), its first error's message and code;
   * otherwise Apollo's (`<status>: <status text>`, UNAUTHENTICATED for 401, FORBIDDEN for 403).
   * Either way the status and body stay under `extensions.response`.
   */
  override async errorFromResponse(
    response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0],
  ): Promise<GraphQLError> {
    const error = await super.errorFromResponse(response);
    const { url: _url, ...rest } = (error.extensions.response ?? {}) as Record<string, unknown>;
    const refusal = codedErrorOf(rest.body);
    return new GraphQLError(refusal?.message ?? error.message, {
      extensions: { ...error.extensions, ...(refusal && { code: refusal.code }), response: rest },
    });
  }
}
