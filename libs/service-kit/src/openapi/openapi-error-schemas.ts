import type { JsonObject } from './openapi-json';

/**
 * JSON Schemas of the two REST error shapes libs/errors renders (docs/errors.md, "Which service
 * speaks which shape"). They sit here, once, because each shape is spoken by several services;
 * which one a service speaks, and which errors each of its operations gives, stays in the app.
 */
export const COMMERCE_ERROR_SCHEMAS: JsonObject = {
  CommerceError: {
    type: 'object',
    description: 'The commerce error object: every non-2XX answer of this service that has a body.',
    required: ['name', 'correlationId', 'message'],
    properties: {
      name: { type: 'string', description: 'Stable machine code (INVALID_REQUEST, STORE_NOT_FOUND, …)' },
      correlationId: {
        type: 'string',
        description: 'The request id (X-Request-Id when the caller sent a uuid)',
      },
      message: { type: 'string', description: 'Human text; clients must not depend on it' },
      informationLink: { type: 'string' },
      details: {
        type: 'array',
        description: 'Present on every 4XX',
        items: { $ref: '#/components/schemas/CommerceErrorDetail' },
      },
      links: { type: 'array', readOnly: true, items: { $ref: '#/components/schemas/LinkDescription' } },
    },
  },
  CommerceErrorDetail: {
    type: 'object',
    required: ['issue'],
    properties: {
      issue: { type: 'string', description: 'Fine-grained code (REQUIRED, INVALID_FORMAT, …)' },
      field: { type: 'string', description: 'JSON pointer in the body, else the parameter name' },
      value: { type: 'string' },
      location: { type: 'string', enum: ['body', 'path', 'query', 'header'], default: 'body' },
      description: { type: 'string', description: 'May change; clients must not depend on it' },
    },
  },
  LinkDescription: {
    type: 'object',
    required: ['rel', 'href'],
    properties: {
      rel: { type: 'string' },
      href: { type: 'string', format: 'uri-reference' },
      title: { type: 'string' },
      targetMediaType: { type: 'string' },
      targetSchema: { type: 'string' },
      method: { type: 'string' },
      submissionMediaType: { type: 'string', default: 'application/json' },
      submissionSchema: { type: 'string' },
    },
  },
};

export const DOMAINS_ERROR_SCHEMAS: JsonObject = {
  Error: {
    type: 'object',
    description: 'The domains-style error object: every non-2XX answer of this service that has a body.',
    required: ['code'],
    properties: {
      code: { type: 'string', description: 'Stable machine code (INVALID_FORMAT, INVALID_BODY, …)' },
      message: { type: 'string', description: 'Human text; clients must not depend on it' },
      fields: {
        type: 'array',
        description: 'One entry per invalid input',
        items: { $ref: '#/components/schemas/ErrorField' },
      },
    },
  },
  ErrorField: {
    type: 'object',
    required: ['path', 'code'],
    properties: {
      path: {
        type: 'string',
        description: 'JSONPath into the body ($.consents[0].type), else the parameter name',
      },
      code: {
        type: 'string',
        description: 'REQUIRED, UNKNOWN_FIELD, INVALID_FORMAT, INVALID_VALUE, OUT_OF_RANGE',
      },
      message: { type: 'string' },
    },
  },
  ErrorLimit: {
    description: 'A rate limit answer: the Error object plus when to retry.',
    allOf: [
      { $ref: '#/components/schemas/Error' },
      {
        type: 'object',
        required: ['retryAfterSec'],
        properties: { retryAfterSec: { type: 'integer', minimum: 0, description: 'Seconds to wait' } },
      },
    ],
  },
};
