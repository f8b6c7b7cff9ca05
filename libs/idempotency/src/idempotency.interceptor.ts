import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from '@platform/auth';
import { assertNever, errorMessage } from '@platform/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, defer, lastValueFrom, of } from 'rxjs';
import { IdempotencyErrors } from './idempotency.errors';
import { readIdempotencyKey } from './idempotency-key';
import {
  IdempotencyRecordRepository,
  IdempotencyScope,
  StoredResponse,
} from './idempotency-record.repository';
import { IDEMPOTENT, ResolvedIdempotentOptions } from './idempotent-options';
import { requestFingerprint } from './request-fingerprint';
import { replayStoredResponse, toStoredResponse } from './stored-response';

function describe(error: unknown): string {
  return errorMessage(error);
}

/**
 * The interceptor behind @Idempotent(). Route-level, so it runs inside the global interceptors:
 * a replay is still counted and marked by the rate limit. It needs the principal (the key is
 * per credential), so it only acts on authenticated routes.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly records: IdempotencyRecordRepository,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const options = this.reflector.getAllAndOverride<ResolvedIdempotentOptions | undefined>(IDEMPOTENT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!options || context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & AuthenticatedRequest>();
    const reply = http.getResponse<FastifyReply>();

    const reading = readIdempotencyKey(
      request.headers[options.header.toLowerCase()],
      options.header,
      options.format,
      options.required,
    );
    if (reading.violation) throw IdempotencyErrors.invalidKey(reading.violation);
    if (reading.key === undefined) return next.handle();
    if (!request.principal) {
      this.logger.warn(
        `${options.header} ignored on ${request.method} ${request.url}: @Idempotent() needs an authenticated route`,
      );
      return next.handle();
    }

    const route = request.routeOptions.url ?? request.url;
    const scope: IdempotencyScope = {
      credentialId: request.principal.tokenId,
      route: `${request.method} ${route}`,
      key: reading.key,
    };
    const fingerprint = requestFingerprint({
      method: request.method,
      route,
      params: request.params,
      query: request.query,
      body: request.body,
    });
    const outcome = await this.records.claim(scope, fingerprint, options);
    switch (outcome.kind) {
      case 'claimed':
        return this.runOnce(next, reply, scope, outcome.claimId, options);
      case 'completed':
        return of(replayStoredResponse(reply, outcome.response));
      case 'in-flight':
        throw IdempotencyErrors.keyInUse(options.header);
      case 'mismatch':
        throw IdempotencyErrors.keyMismatch(options.header, options.mismatchStatus);
      default:
        return assertNever(outcome);
    }
  }

  /**
   * Runs the handler under the claim. Success stores the response; failure deletes the claim, so
   * the client may retry with the same key (errors are not replayed).
   */
  private runOnce(
    next: CallHandler,
    reply: FastifyReply,
    scope: IdempotencyScope,
    claimId: string,
    options: ResolvedIdempotentOptions,
  ): Observable<unknown> {
    return defer(async () => {
      let value: unknown;
      let response: StoredResponse | undefined;
      try {
        value = await lastValueFrom(next.handle(), { defaultValue: undefined });
        response = reply.sent
          ? undefined
          : toStoredResponse(value, reply.statusCode, (name) => reply.getHeader(name), options.replayHeaders);
      } catch (error) {
        await this.release(scope, claimId);
        throw error;
      }
      if (!response) {
        this.logger.warn(
          `${scope.route}: the response cannot be stored for replay (stream, binary or @Res()); key released`,
        );
        await this.release(scope, claimId);
        return value;
      }
      await this.complete(scope, claimId, response, options.retentionSeconds);
      return value;
    });
  }

  private async complete(
    scope: IdempotencyScope,
    claimId: string,
    response: StoredResponse,
    retentionSeconds: number,
  ): Promise<void> {
    try {
      if (!(await this.records.complete(scope, claimId, response, retentionSeconds))) {
        this.logger.warn(
          `${scope.route}: the idempotency claim was taken over before the response was stored`,
        );
      }
    } catch (error) {
      // The handler's effects are done; failing the response now would invite a retry that runs them again.
      this.logger.error(`${scope.route}: storing the idempotent response failed: ${describe(error)}`);
    }
  }

  private async release(scope: IdempotencyScope, claimId: string): Promise<void> {
    try {
      await this.records.release(scope, claimId);
    } catch (error) {
      // The claim then lapses after its lease, and a retry of the same request takes it over.
      this.logger.error(`${scope.route}: releasing the idempotency claim failed: ${describe(error)}`);
    }
  }
}
