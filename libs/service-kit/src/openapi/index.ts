export { openApiDocumentBuilder, openApiDocumentFinisher, openApiOperationKeys } from './openapi-document';
export type {
  OpenApiArea,
  OpenApiErrorAnswer,
  OpenApiErrorAnswers,
  OpenApiErrorBody,
} from './openapi-document';
export { ApiBearerController, ApiErrorResponses } from './openapi-decorators';
export type { ApiBearerControllerOptions, ApiErrorDescriptions } from './openapi-decorators';
export { BODY_REFUSED, RATE_LIMITED_WITHOUT_BODY } from './openapi-error-answers';
export { COMMERCE_ERROR_SCHEMAS, DOMAINS_ERROR_SCHEMAS } from './openapi-error-schemas';
export { openApiFileStaleness, runWriteOpenApi } from './openapi-file';
export { toStableJson } from './openapi-json';
export type { JsonObject } from './openapi-json';
