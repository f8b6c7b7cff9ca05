/**
 * `@platform/testing/contracts`: checks of published contracts (GraphQL fuzzing from the supergraph,
 * public operations and graph shapes, UCP schemas). An entry of its own because it loads graphql,
 * Apollo's federation internals and ajv (about 320 modules), which the other suites, importing
 * `@platform/testing` for their database, Redis and tokens, would otherwise load for nothing.
 */
export {
  LEAK_PATTERNS,
  checkForgedConnectionCursors,
  fuzzSubgraphOperations,
  problemOf,
  rootFieldsOf,
} from './graphql-fuzz';
export type {
  ConnectionCursorReport,
  ConnectionCursorTarget,
  GraphQLFuzzReport,
  GraphQLFuzzTarget,
} from './graphql-fuzz';
export {
  PUBLIC_LEAF_TYPES,
  checkPublicOperation,
  checkPublicOperations,
  loadSubgraphSchema,
  publicOperationDocument,
  publicReturnShape,
  readPublicGraphqlOperations,
  summarizePublicOperations,
} from './public-graphql-operations';
export type {
  PublicGraphqlArgument,
  PublicGraphqlInventory,
  PublicGraphqlOperation,
  PublicOperationCheck,
  PublicOperationCounts,
  PublicOperationSummary,
  ReturnShape,
  ReturnTypeKind,
} from './public-graphql-operations';
export { checkPublicGraphShapes, loadPublicIntrospection } from './public-graph-shapes';
export type { PublicShapeCheck } from './public-graph-shapes';
export {
  UCP_ANNOTATION_KEYWORDS,
  UCP_VERSION,
  expectUcpValid,
  formatAjvErrors,
  loadUcpSchemas,
  ucpMcpTools,
  ucpOperations,
  ucpSchemas,
  ucpSpecDir,
  ucpTotalsProblems,
  ucpWebhooks,
} from './ucp-schemas';
export type {
  UcpExtension,
  UcpHeader,
  UcpKind,
  UcpMcpParam,
  UcpMcpTool,
  UcpOperation,
  UcpRequestKind,
  UcpRequestOperation,
  UcpSchemas,
  UcpView,
  UcpWebhook,
} from './ucp-schemas';
