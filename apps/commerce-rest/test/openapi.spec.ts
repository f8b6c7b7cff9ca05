import { describeCommittedOpenApi } from '@platform/testing';
import { COMMERCE_OPENAPI_FILE, buildCommerceOpenApi } from '../src/openapi/commerce-openapi';

describe('commerce OpenAPI document', () => {
  describeCommittedOpenApi({
    file: COMMERCE_OPENAPI_FILE,
    build: buildCommerceOpenApi,
    title: 'Commerce',
    errorSchema: 'CommerceError',
  });
});
