// First: every GraphQL type declared after this belongs to the app that declares it (type-owners.ts).
import './type-owners';
export {
  ConnectionArgs,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PageInfo,
  createConnectionType,
  decodeCursor,
  encodeCursor,
  filterValues,
  pageRequest,
  toConnection,
  toCountedConnection,
} from './connection';
export type { ConnectionShape, CountedPage, CursorPosition, Page, PageRequest } from './connection';
export { createStatusFilterInput, createStringFilterInput } from './filter-inputs';
export { ArgsOf, InputArg, InputValidationPipe } from './input.pipe';
export {
  countedKeysetPage,
  createdAtSort,
  cursorScope,
  isCursorValue,
  keysetPage,
  keysetPageOfRows,
  nowMs,
  textSort,
  updatedAtSort,
} from './keyset';
export type { KeysetSort, SortColumn, SortDirection, TimestampedRow } from './keyset';
export {
  CURRENCY_CODE,
  GRAPHQL_INT_MAX,
  GRAPHQL_INT_MIN,
  SimpleMoney,
  SimpleMoneyInput,
  fitsGraphQLInt,
} from './money';
// The platform's one uuid check, re-exported: subgraphs have always imported it from this lib.
export { isUuid } from '@platform/ids';
export { LoaderRegistry, groupBy } from './loader-registry';
export type { BatchFunction, Loader, LoaderOptions } from './loader-registry';
export { DEFAULT_QUERY_LIMITS, isSchemaOnlyOperation, measureOperation } from './query-limits';
export type { OperationMeasure, QueryLimits } from './query-limits';
export {
  MAX_REFERENCES_PER_CALL,
  REFERENCE_NAME,
  Reference,
  ReferenceInput,
  ReferenceValueFilter,
  referenceInputTypes,
} from './references';
export type { ReferenceRecord, ReferencesService, RemoveReferences, SetReferences } from './references';
export { MAX_RELATION_IDS, createIdListInput } from './relation-resolver.factory';
export type { RelationService } from './relation-resolver.factory';
export { OptionalNestedField, OptionalUuidField } from './input-fields';
export type { ResolverBase, ScopeSet } from './resolver-base';
export { checkSubgraphSdl, printSubgraphSdl } from './schema-sdl';
export type { SdlCheck } from './schema-sdl';
export {
  DEFAULT_SUBGRAPH_DEADLINE_MS,
  Loaders,
  SubgraphCtx,
  TenantId,
  requirePrincipalScopes,
  requireScopes,
  subgraphContextOf,
  subgraphPathOf,
  tenantIdOf,
} from './subgraph-context';
export type { SubgraphContext, SubgraphRequest } from './subgraph-context';
export {
  SubgraphErrorCode,
  SubgraphErrors,
  formatSubgraphError,
  graphQLErrorBody,
  isExpectedError,
  requestError,
} from './subgraph-errors';
export type { GraphQLErrorBody } from './subgraph-errors';
export { SubgraphModule } from './subgraph.module';
export { SUBGRAPH_OPTIONS, resolveSubgraphOptions } from './subgraph.options';
export type { ResolvedSubgraphOptions, SubgraphModuleOptions } from './subgraph.options';
export { TENANT_ACCESS } from './tenant-access';
export type { TenantAccess, TenantAccessChecker, TenantAccessProvider } from './tenant-access';
export { DEFAULT_TENANT_ERROR_CODES } from './tenant-selection';
export type { TenantErrorCodes, TenantSelection, TenantSelector } from './tenant-selection';
