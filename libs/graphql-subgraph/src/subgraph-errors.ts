import {
  FormattableGraphQLError,
  GraphQLErrorShape,
  PlatformError,
  Violation,
  formatGraphQLError,
  isInvalidVariablesError,
} from '@platform/errors';
import { GraphQLError } from 'graphql';

/**
 * `errors[].extensions.code` values the subgraph lib itself produces (docs/graphql.md). Feature
 * codes (<THING>_NOT_FOUND, …) live beside their feature.
 */
export const SubgraphErrorCode = {
  /** HTTP 401: Authorization missing, malformed, unknown, expired or revoked. Also the default "no tenant" code. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** An app's code for a missing, malformed or inaccessible tenant in place of the two defaults (tenantErrorCodes). */
  AUTHENTICATION_ERROR: 'AUTHENTICATION_ERROR',
  /** The default code for a present but malformed or inaccessible tenant, and for anything unexpected. */
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  /** The token holds none of the scopes the field requires (HTTP 200). */
  FORBIDDEN: 'FORBIDDEN',
  /** An argument failed a rule the GraphQL type system cannot express (HTTP 200, with fields[]). */
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  /** HTTP 400: the body is not a GraphQL request (malformed JSON, wrong content type, no query). */
  BAD_REQUEST: 'BAD_REQUEST',
  /** HTTP 400: the document or its variables do not match the schema. */
  GRAPHQL_VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  /** HTTP 400: the operation nests deeper than the subgraph allows. */
  GRAPHQL_QUERY_TOO_DEEP: 'GRAPHQL_QUERY_TOO_DEEP',
  /** HTTP 400: the operation's estimated cost is above the subgraph's limit. */
  GRAPHQL_QUERY_TOO_COMPLEX: 'GRAPHQL_QUERY_TOO_COMPLEX',
  /** HTTP 503: a dependency is unreachable (the database, Redis, the app's tenant-visibility check). */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** HTTP 200: the operation ran past the subgraph's deadline; the data it had not fetched is null. */
  GRAPHQL_QUERY_TIMEOUT: 'GRAPHQL_QUERY_TIMEOUT',
} as const;
export type SubgraphErrorCode = (typeof SubgraphErrorCode)[keyof typeof SubgraphErrorCode];

/** A GraphQL-over-HTTP error body with one error, for answers given before Apollo runs (401, 400). */
export interface GraphQLErrorBody {
  readonly errors: readonly [{ readonly message: string; readonly extensions: { readonly code: string } }];
}

export function graphQLErrorBody(code: string, message: string): GraphQLErrorBody {
  return { errors: [{ message, extensions: { code } }] };
}

export const SubgraphErrors = {
  /** An input broke a rule the schema cannot express: HTTP 200, code BAD_USER_INPUT, one entry per field. */
  badUserInput(violations: readonly Violation[], message = 'the input has invalid fields'): PlatformError {
    return new PlatformError({
      status: 400,
      code: SubgraphErrorCode.BAD_USER_INPUT,
      message,
      violations,
      kind: 'validation',
    });
  },
  /** One bad field of an input, `path` relative to the argument (`['value', 'percentage']`). */
  badField(
    path: readonly (string | number)[],
    code: string,
    message: string,
    value?: unknown,
  ): PlatformError {
    return SubgraphErrors.badUserInput([{ location: 'body', path, code, message, value }], message);
  },
  notFound(code: string, message: string): PlatformError {
    return new PlatformError({ status: 404, code, message });
  },
  conflict(code: string, message: string): PlatformError {
    return new PlatformError({ status: 409, code, message });
  },
  /** The operation ran past its deadline: no fetch starts after it (docs/graphql.md, "Limits"). */
  deadlineExceeded(deadlineMs: number): PlatformError {
    return new PlatformError({
      status: 200,
      code: SubgraphErrorCode.GRAPHQL_QUERY_TIMEOUT,
      message: `the operation ran past its deadline of ${deadlineMs} ms (request smaller pages)`,
    });
  },
};

/**
 * An error that ends the request before execution (tenant selection, limits) with a given HTTP
 * status: Apollo takes the status from `extensions.http`, the formatter takes code and message
 * from the PlatformError behind it.
 */
export function requestError(error: PlatformError, httpStatus: number): GraphQLError {
  return new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.code, http: { status: httpStatus } },
  });
}

function platformErrorOf(error: unknown): PlatformError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (current instanceof PlatformError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return current instanceof PlatformError ? current : undefined;
}

/**
 * Apollo `formatError` of every subgraph: `formatGraphQLError` (PlatformError → its code, client
 * document errors pass, anything else → INTERNAL_SERVER_ERROR with a generic message), plus the
 * GraphQL conventions of the spec:
 * - a validation PlatformError (class-validator on an input, or SubgraphErrors.badUserInput) → BAD_USER_INPUT;
 * - UNAUTHORIZED (the REST code of a 401) → UNAUTHENTICATED;
 * - variables that do not coerce, or too many variable errors (`isInvalidVariablesError`) →
 *   GRAPHQL_VALIDATION_FAILED, the spec's code for a schema-invalid request.
 */
export function formatSubgraphError(formatted: FormattableGraphQLError, error: unknown): GraphQLErrorShape {
  const platform = platformErrorOf(error);
  if (!platform && isInvalidVariablesError(formatted, error)) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      extensions: { code: SubgraphErrorCode.GRAPHQL_VALIDATION_FAILED },
    };
  }
  const shaped = formatGraphQLError(formatted, error);
  if (platform) {
    if (platform.kind === 'validation') shaped.extensions.code = SubgraphErrorCode.BAD_USER_INPUT;
    else if (platform.code === 'UNAUTHORIZED') shaped.extensions.code = SubgraphErrorCode.UNAUTHENTICATED;
  }
  return shaped;
}

/** True for errors the client caused or that the lib answers on purpose; the rest are logged. */
export function isExpectedError(error: unknown): boolean {
  if (platformErrorOf(error)) return true;
  if (error instanceof GraphQLError && isInvalidVariablesError(error, error)) return true;
  const code = error instanceof GraphQLError ? error.extensions?.code : undefined;
  return typeof code === 'string' && code !== SubgraphErrorCode.INTERNAL_SERVER_ERROR;
}
