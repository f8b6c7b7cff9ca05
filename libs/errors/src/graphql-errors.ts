import { isDependencyUnavailable } from './dependency-errors';
import { CommonErrorCode, PlatformError } from './platform-error';

/** GraphQL errors carry the machine code in extensions.code (spec, Errors rule 3). */
export interface GraphQLErrorShape {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions: {
    code: string;
    fields?: { path: string; code: string; message: string }[];
    [k: string]: unknown;
  };
}

export function toGraphQLExtensions(err: PlatformError): GraphQLErrorShape['extensions'] {
  const extensions: GraphQLErrorShape['extensions'] = { code: err.code };
  if (err.violations.length) {
    extensions.fields = err.violations.map((v) => ({
      path: v.path.map(String).join('.'),
      code: v.code,
      message: v.message,
    }));
  }
  return extensions;
}

/** What Apollo Server hands a `formatError` hook: the formatted error and the original. */
export interface FormattableGraphQLError {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions?: Record<string, unknown>;
}

/** Codes GraphQL servers assign to malformed documents; those errors are the client's and pass through. */
const CLIENT_DOCUMENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
]);

function originalOf(error: unknown): unknown {
  let current = error;
  for (
    let depth = 0;
    depth < 5 && current && typeof current === 'object' && 'originalError' in current;
    depth++
  ) {
    const next = (current as { originalError?: unknown }).originalError;
    if (!next) break;
    current = next;
  }
  return current;
}

/**
 * Apollo `formatError` for every subgraph: a PlatformError keeps its message and code; a
 * malformed-document error keeps Apollo's code; anything else becomes INTERNAL_SERVER_ERROR with
 * a generic message, never the exception's text or stack; an unreachable database or Redis is
 * SERVICE_UNAVAILABLE (the subgraph then answers HTTP 503 with Retry-After).
 */
export function formatGraphQLError(formatted: FormattableGraphQLError, error: unknown): GraphQLErrorShape {
  const base = { path: formatted.path, locations: formatted.locations };
  const original = originalOf(error);
  if (original instanceof PlatformError) {
    return { ...base, message: original.message, extensions: toGraphQLExtensions(original) };
  }
  if (isDependencyUnavailable(original)) {
    return {
      ...base,
      message: 'the service cannot reach one of its dependencies right now; try again shortly',
      extensions: { code: CommonErrorCode.SERVICE_UNAVAILABLE },
    };
  }
  const code = typeof formatted.extensions?.code === 'string' ? formatted.extensions.code : undefined;
  if (code && CLIENT_DOCUMENT_CODES.has(code)) {
    return { ...base, message: formatted.message, extensions: { code } };
  }
  return { ...base, message: 'an unexpected error occurred', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** graphql-js's last error when a request's variables hold more than 50 errors (no code, no path). */
const VARIABLE_ERROR_LIMIT = 'Too many errors processing variables, error limit reached. Execution aborted.';

/**
 * True for the two request-level errors about a request's variables that Apollo and graphql-js
 * give codes other than the spec's GRAPHQL_VALIDATION_FAILED (the code of a schema-invalid
 * request): variables that do not coerce to their declared types (Apollo's BAD_USER_INPUT, at
 * HTTP 400, without a path) and graphql-js's closing "Too many errors processing variables"
 * (after 50 variable errors, without any code, which would otherwise read as INTERNAL_SERVER_ERROR).
 * The subgraphs and the gateway's /graphql both answer them as GRAPHQL_VALIDATION_FAILED.
 */
export function isInvalidVariablesError(formatted: FormattableGraphQLError, error: unknown): boolean {
  if (formatted.path) return false;
  if (formatted.message === VARIABLE_ERROR_LIMIT) return originalOf(error) === error;
  return formatted.extensions?.code === 'BAD_USER_INPUT';
}
