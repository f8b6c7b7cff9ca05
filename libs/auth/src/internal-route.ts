import { timingSafeEqual } from 'node:crypto';
import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { Errors } from '@platform/errors';
import { Public } from './requires-scopes.decorator';

/**
 * Admits a request only when it carries the platform's internal credential (libs/crypto's
 * `deriveInternalCredential`) in `x-platform-internal-credential`; 401 otherwise. Constant-time.
 */
@Injectable()
export class InternalCallerGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.expected = Buffer.from(deriveInternalCredential(config.secretsEncryptionKey), 'utf8');
  }

  canActivate(context: ExecutionContext): boolean {
    const headers = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers;
    const given = headers[INTERNAL_CREDENTIAL_HEADER];
    const presented = Buffer.from(typeof given === 'string' ? given : '', 'utf8');
    if (presented.length !== this.expected.length || !timingSafeEqual(presented, this.expected))
      throw Errors.unauthorized('this route takes the platform internal credential');
    return true;
  }
}

/**
 * A service-to-service route (`/internal/...`): no caller token (a worker has none to forward),
 * the platform's internal credential instead, not in the OpenAPI document. Such routes are never in
 * the gateway's route table or the Ingress; a NetworkPolicy keeps them among platform pods.
 */
export function InternalRoute(): MethodDecorator {
  return applyDecorators(Public(), UseGuards(InternalCallerGuard), ApiExcludeEndpoint());
}
