export { createServiceApp, listen, startListening } from './bootstrap';
export { nestComponent, runComponent } from './component/nest-component';
export type { NestComponentSpec } from './component/nest-component';
export type {
  BuiltComponent,
  ComponentEnv,
  ComponentRuntime,
  InProcessRoutes,
  PlatformComponent,
} from './component/platform-component';
export { isHopByHopHeader, withoutHopByHopHeaders } from './hop-by-hop';
export { frameworkErrorResponder } from './framework-errors';
export { drainAndClose, installGracefulShutdown } from './graceful-shutdown';
export type { ShutdownSettings } from './graceful-shutdown';
export type { ServiceAppOptions } from './bootstrap';
export { DatabaseReadinessCheck, RedisReadinessCheck } from './readiness-checks';
export { openAdminDataSource } from './admin-data-source';
export { migrateService, runMigrateEntry } from './migrate';
export { ServiceKitModule } from './service-kit.module';
export type { ServiceKitOptions } from './service-kit.module';
export {
  ApiBearerController,
  ApiErrorResponses,
  BODY_REFUSED,
  COMMERCE_ERROR_SCHEMAS,
  DOMAINS_ERROR_SCHEMAS,
  RATE_LIMITED_WITHOUT_BODY,
  openApiDocumentBuilder,
  openApiDocumentFinisher,
  openApiFileStaleness,
  openApiOperationKeys,
  runWriteOpenApi,
  toStableJson,
} from './openapi';
export type {
  ApiBearerControllerOptions,
  ApiErrorDescriptions,
  JsonObject,
  OpenApiArea,
  OpenApiErrorAnswers,
} from './openapi';
export { InProcessDispatcher, InProcessRouteTable, originKey } from './in-process';
export type { InProcessDispatcherOptions } from './in-process';
