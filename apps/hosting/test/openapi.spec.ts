import { describeCommittedOpenApi } from '@platform/testing';
import { HOSTING_OPENAPI_FILE, buildHostingOpenApi } from '../src/openapi/hosting-openapi';

describe('Hosting OpenAPI document', () => {
  describeCommittedOpenApi({
    file: HOSTING_OPENAPI_FILE,
    build: buildHostingOpenApi,
    title: 'Hosting',
    errorSchema: 'CommerceError',
  });
});
