export {
  OPENAPI_DOCUMENT_ENV,
  buildOpenApiDocument,
  finishOpenApiDocument,
  openApiOperationKeys,
} from './openapi-document';
export type {
  OpenApiArea,
  OpenApiErrorAnswer,
  OpenApiErrorAnswers,
  OpenApiErrorBody,
} from './openapi-document';
export { COMMERCE_ERROR_SCHEMAS, DOMAINS_ERROR_SCHEMAS } from './openapi-error-schemas';
export { openApiFileStaleness, runWriteOpenApi } from './openapi-file';
export { toStableJson } from './openapi-json';
export type { JsonObject } from './openapi-json';
