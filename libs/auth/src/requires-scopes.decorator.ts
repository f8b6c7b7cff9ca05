import { SetMetadata, applyDecorators } from '@nestjs/common';
import { PUBLIC_ROUTE, Scope } from '@platform/scopes';

export const REQUIRED_SCOPES = 'platform:required-scopes';

/** The operation needs at least one of these scopes (the spec's any-of rule). */
export function RequiresScopes(...scopes: [Scope, ...Scope[]]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(REQUIRED_SCOPES, scopes));
}

/** The route needs no credential at all (health, metrics, documentation). */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(PUBLIC_ROUTE, true));
}
