/** `extensions.code` of the errors the gateway's /graphql answers itself. */
export const SupergraphErrorCode = {
  SUPERGRAPH_NOT_AVAILABLE: 'SUPERGRAPH_NOT_AVAILABLE',
  STORE_ID_REQUIRED: 'STORE_ID_REQUIRED',
  SUBGRAPH_UNAVAILABLE: 'SUBGRAPH_UNAVAILABLE',
  SUBGRAPH_TIMEOUT: 'SUBGRAPH_TIMEOUT',
  BAD_REQUEST: 'BAD_REQUEST',
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
