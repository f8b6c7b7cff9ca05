import { FormattableGraphQLError, isInvalidVariablesError } from '@platform/errors';

/** `extensions.code` of the errors the gateway's /graphql answers itself. */
export const SupergraphErrorCode = {
  SUPERGRAPH_NOT_AVAILABLE: 'SUPERGRAPH_NOT_AVAILABLE',
  STORE_ID_REQUIRED: 'STORE_ID_REQUIRED',
  SUBGRAPH_UNAVAILABLE: 'SUBGRAPH_UNAVAILABLE',
  SUBGRAPH_TIMEOUT: 'SUBGRAPH_TIMEOUT',
  BAD_REQUEST: 'BAD_REQUEST',
  /** HTTP 400: the document or its variables do not match the schema (as in every subgraph). */
  GRAPHQL_VALIDATION_FAILED: 'GRAPHQL_VALIDATION_FAILED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type SupergraphErrorCode = (typeof SupergraphErrorCode)[keyof typeof SupergraphErrorCode];

/** A GraphQL-over-HTTP error response body with one error. */
export interface GraphQLErrorBody {
  readonly errors: readonly [
    { readonly message: string; readonly extensions: { readonly code: SupergraphErrorCode } },
  ];
}

export function graphQLErrorBody(code: SupergraphErrorCode, message: string): GraphQLErrorBody {
  return { errors: [{ message, extensions: { code } }] };
}

/**
 * Apollo `formatError` of the gateway: errors pass as Apollo and the subgraphs shaped them, except
 * the request-level variable errors, which get the spec's GRAPHQL_VALIDATION_FAILED as they do in
 * every subgraph (Apollo would say BAD_USER_INPUT).
 */
export function formatSupergraphError(
  formatted: FormattableGraphQLError,
  error: unknown,
): FormattableGraphQLError {
  if (!isInvalidVariablesError(formatted, error)) return formatted;
  return {
    ...formatted,
    extensions: { ...formatted.extensions, code: SupergraphErrorCode.GRAPHQL_VALIDATION_FAILED },
  };
}
