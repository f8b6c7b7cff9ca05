import { UseGuards, applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import type { Scope } from '@platform/scopes';
import { UcpNegotiationGuard } from './ucp-negotiation.guard';

export interface UcpOperationOptions {
  readonly operationId: string;
  readonly summary: string;
  readonly scope: Scope;
  /** A write: Idempotency-Key (uuid) required, kept 24 h, a different body is 409 (checkout-rest.md). */
  readonly write?: boolean;
}

/**
 * One UCP operation: its scope, the negotiation (UCP-Agent), and for writes the idempotency key.
 * The same decorator serves the platform's path and the store's.
 */
export function UcpOperation(options: UcpOperationOptions): MethodDecorator {
  return applyDecorators(
    ApiOperation({ operationId: options.operationId, summary: options.summary }),
    ApiHeader({
      name: 'UCP-Agent',
      required: true,
      description: 'RFC 8941 dictionary: profile="<URL of the agent profile>"',
    }),
    ...(options.write
      ? [
          ApiHeader({ name: 'Idempotency-Key', required: true, description: 'uuid; kept 24 h' }),
          Idempotent({ format: 'uuid', required: true, mismatchStatus: 409 }),
        ]
      : []),
    ApiOkResponse({
      description: 'The resource, or the UCP error envelope (ucp.status "error") for a business outcome',
    }),
    RequiresScopes(options.scope),
    UseGuards(UcpNegotiationGuard),
  );
}
