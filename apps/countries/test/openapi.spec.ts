import { describeCommittedOpenApi } from '@platform/testing';
import { COUNTRIES_OPENAPI_FILE, buildCountriesOpenApi } from '../src/openapi/countries-openapi';

describe('Countries OpenAPI document', () => {
  describeCommittedOpenApi({
    file: COUNTRIES_OPENAPI_FILE,
    build: buildCountriesOpenApi,
    title: 'Countries',
    errorSchema: 'Error',
    limitSchema: 'ErrorLimit',
  });
});
