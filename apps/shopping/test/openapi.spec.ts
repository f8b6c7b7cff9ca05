import { describeCommittedOpenApi } from '@platform/testing';
import { SHOPPING_OPENAPI_FILE, buildShoppingOpenApi } from '../src/openapi/shopping-openapi';

describe('Shopping OpenAPI document', () => {
  describeCommittedOpenApi({
    file: SHOPPING_OPENAPI_FILE,
    build: buildShoppingOpenApi,
    title: 'Shopping',
    errorSchema: 'UcpErrorResponse',
  });
});
