export { createAdminToken, runAdminCli, runAdminJson } from './admin-cli';
export type { AdminCliResult } from './admin-cli';
export { startFakeCommerce } from './fake-commerce';
export type { FakeCommerce } from './fake-commerce';
export { FAKE_DOMAINS_TLDS, startFakeDomains } from './fake-domains';
export type { FakeDomainPurchase, FakeDomains, FakePaymentProfile, FakeZoneRecord } from './fake-domains';
export { schemaDrift } from './schema-drift';
export { createTestDatabase, testServerUrl } from './test-database';
export type { TestDatabase } from './test-database';
export { openTestDataSource } from './test-data-source';
export type { TestDataSource } from './test-data-source';
export { TEST_ENCRYPTION_KEY, createTestEnv } from './test-env';
export type { TestEnv } from './test-env';
export { createTestRedis } from './test-redis';
export type { TestRedis } from './test-redis';
export { createTestCredential } from './test-tokens';
export type { TestCredential } from './test-tokens';
export { freePort } from './free-port';
export { runTypeScriptChild } from './typescript-child';
export { waitFor } from './wait-for';
export { startWorkerHarness } from './worker-harness';
export type { WorkerHarness } from './worker-harness';
export { dataOf, defaultsOf, startSubgraphTestApp } from './subgraph-test-app';
export type { GqlOptions, GraphQLBody, SubgraphTestApp, SubgraphUnderTest } from './subgraph-test-app';
export { assertForgedCursorsRefused, forgedCursorKinds } from './cursor-forgeries';
export type { ForgedCursor } from './cursor-forgeries';
export { answerProblems, fuzzOperation, fuzzOperationsOf } from './openapi-fuzz';
export type { FuzzErrorShape, FuzzOperation, FuzzResult, FuzzTarget } from './openapi-fuzz';
export { describeCommittedOpenApi, describeOpenApiFuzz, readCommittedOpenApi } from './openapi-suite';
export type { CommittedOpenApiSuite } from './openapi-suite';
export { describeServedOpenApiFuzz, startServiceTestApp } from './openapi-service-fuzz';
export type { ServiceUnderTest, ServiceTestApp } from './openapi-service-fuzz';
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
export { sendWithFetch, sendWithSocket } from './body-senders';
export type { BodySend, BodySendResult } from './body-senders';
export { bootInProcessServiceApp } from './service-test-app';
export type { InProcessServiceApp } from './service-test-app';
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
export { describeWithVendorData, vendorDataSet, vendorSkipLine, vendorTestsDir } from './vendor-data';
export type { VendorDataSet } from './vendor-data';
export { expireJobLock } from './job-lock';
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
export { sandboxToolsWithout } from './sandbox-tools';
export type { SandboxToolDir, SandboxToolName } from './sandbox-tools';
