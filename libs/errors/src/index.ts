export { CommonErrorCode, Errors, PlatformError, ViolationCode } from './platform-error';
export type { PlatformErrorInit, Violation, ViolationLocation } from './platform-error';
export { toJsonPath, toJsonPointer } from './pointers';
export { UCP_VERSION, toCommerceError, toDomainsError, toShoppingError } from './shapes';
export type {
  CommerceErrorBody,
  CommerceErrorDetail,
  DomainsErrorBody,
  ShoppingErrorBody,
  UcpErrorMessage,
  UcpSeverity,
} from './shapes';
export { ERROR_FAMILY, assertNever, errorFamilyOf, renderErrorBody } from './error-family';
export type { ErrorFamily } from './error-family';
export { dependencyUnavailable, normalizeError } from './error-normalizer';
export { DEPENDENCY_RETRY_AFTER_S, isDependencyUnavailable } from './dependency-errors';
export { PlatformExceptionFilter } from './platform-exception.filter';
export { PlatformValidationPipe, toViolations } from './validation.pipe';
export { formatGraphQLError, isInvalidVariablesError, toGraphQLExtensions } from './graphql-errors';
export type { FormattableGraphQLError, GraphQLErrorShape } from './graphql-errors';
export { toBooleanParam, toIntegerParam } from './query-params';
export { errorCauses } from './error-causes';
export { errorMessage } from './error-message';
export { withDeadline } from './deadline';
