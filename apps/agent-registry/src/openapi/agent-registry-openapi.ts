import type { OpenApiArea, OpenApiErrorAnswers } from '@platform/service-kit';
import {
  BODY_REFUSED,
  DOMAINS_ERROR_SCHEMAS,
  RATE_LIMITED_WITHOUT_BODY as LIMITED,
} from '@platform/service-kit';
import { openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
import { AgentRegistryAppModule } from '../app.module';
import { loadAgentRegistryConfig, loadAgentRegistrySettings } from '../config/agent-registry.config';

/** The committed document, relative to the repository root. */
export const AGENT_REGISTRY_OPENAPI_FILE = 'docs/openapi/agent-registry.json';

const AGENT: OpenApiErrorAnswers = {
  ...LIMITED,
  '400': 'INVALID_FORMAT: agentId is not a uuid',
  '404': 'AGENT_NOT_FOUND',
};

/** The agent registry's document: the domains-style Error object. */
export const AGENT_REGISTRY_OPENAPI: OpenApiArea = {
  info: {
    title: 'Agent registry',
    description:
      'Agent records, revocation with a CRL and DNS records, and the event feed (/v1/agents). Every error ' +
      'is the domains-style Error object.',
    version: '1.0.0',
  },
  errorSchemas: DOMAINS_ERROR_SCHEMAS,
  errorSchema: 'Error',
  limitSchema: 'ErrorLimit',
  operations: {
    'GET /v1/agents/{agentId}': AGENT,
    'GET /v1/agents/{agentId}/certificates/server': AGENT,
    'POST /v1/agents/{agentId}/revoke': {
      ...AGENT,
      ...BODY_REFUSED,
      '400':
        'INVALID_FORMAT (agentId not a uuid), INVALID_BODY (the body failed validation or is not JSON), INVALID_REASON',
      '404': 'AGENT_NOT_FOUND (unknown, or revoke by another account)',
    },
    'GET /v1/agents/events': {
      ...LIMITED,
      '400': 'INVALID_FORMAT: limit, lastLogId or providerId is malformed',
    },
    'GET /v1/agents/crl': { '400': 'INVALID_FORMAT: format is neither der nor pem' },
    'GET /v1/agents/ca': {},
  },
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishAgentRegistryDocument = openApiDocumentFinisher(AGENT_REGISTRY_OPENAPI);

/** The agent registry API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildAgentRegistryOpenApi = openApiDocumentBuilder(AGENT_REGISTRY_OPENAPI, (env) =>
  AgentRegistryAppModule.forRoot(loadAgentRegistryConfig(env), loadAgentRegistrySettings(env)),
);
