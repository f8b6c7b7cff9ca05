import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Errors } from '@platform/errors';
import { requestOf } from './auth.guard';
import { Principal } from './principal';

/** Injects the authenticated caller into a handler parameter. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const principal = requestOf(context).principal;
    if (!principal) throw Errors.unauthorized();
    return principal;
  },
);
