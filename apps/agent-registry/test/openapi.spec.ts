import { describeCommittedOpenApi } from '@platform/testing';
import {
  AGENT_REGISTRY_OPENAPI_FILE,
  buildAgentRegistryOpenApi,
} from '../src/openapi/agent-registry-openapi';

describe('Agent registry OpenAPI document', () => {
  describeCommittedOpenApi({
    file: AGENT_REGISTRY_OPENAPI_FILE,
    build: buildAgentRegistryOpenApi,
    title: 'Agent registry',
    errorSchema: 'Error',
    limitSchema: 'ErrorLimit',
  });
});
