import { describeCommittedOpenApi } from '@platform/testing';
import { DOMAINS_OPENAPI_FILE, buildDomainsOpenApi } from '../src/openapi/domains-openapi';

describe('Domains OpenAPI document', () => {
  describeCommittedOpenApi({
    file: DOMAINS_OPENAPI_FILE,
    build: buildDomainsOpenApi,
    title: 'Domains',
    errorSchema: 'Error',
    limitSchema: 'ErrorLimit',
  });
});
