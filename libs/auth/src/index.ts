export { AccessTokenEntity } from './access-token.entity';
export { AccountEntity } from './account.entity';
export { AUTH_MIGRATION_SET } from './auth.migration-set';
export { ADMITTED_REQUEST_CHECK } from './admitted-request-check';
export type { AdmittedRequestCheck } from './admitted-request-check';
export { AuthGuard, requestOf } from './auth.guard';
export type { AuthenticatedRequest } from './auth.guard';
export { AuthModule } from './auth.module';
export { CurrentPrincipal } from './current-principal.decorator';
export type { Principal } from './principal';
export { Public, REQUIRED_SCOPES, RequiresScopes } from './requires-scopes.decorator';
export { TOKEN_PREFIX, generateToken, hashToken, isWellFormedToken } from './token-format';
export { openRevocationPublisher } from './token-revocation';
export { MAX_TOKEN_LIFETIME_S, TokenService, bearerToken } from './token.service';
export type { IssuedToken } from './token.service';
export {
  InternalCallUnreachableError,
  InternalServiceUnavailableError,
  callInternalRoute,
  errorCodeOf,
  postInternal,
} from './internal-call';
export type { InternalTarget } from './internal-call';
export { InternalCallerGuard, InternalRoute } from './internal-route';
