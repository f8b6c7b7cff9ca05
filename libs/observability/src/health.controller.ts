import { Controller, Get, Inject, Optional, Res, SetMetadata } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PUBLIC_ROUTE } from '@platform/scopes';
import type { FastifyReply } from 'fastify';
import { DrainState } from './drain-state';
import { READINESS_CHECKS, ReadinessCheck } from './readiness-check';
import { errorMessage } from '@platform/errors';

/**
 * Liveness (the process answers) and readiness (every dependency answers, and the process is not
 * stopping: from SIGTERM on, readiness is 503 `draining` so load balancers take it out first).
 */
@ApiExcludeController()
@SetMetadata(PUBLIC_ROUTE, true)
@Controller('health')
export class HealthController {
  constructor(
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
    @Optional() private readonly drain?: DrainState,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    if (this.drain?.draining) {
      reply.status(503).send({ status: 'draining', info: {} });
      return;
    }
    const results = await Promise.all(
      this.checks.map(async (check) => {
        try {
          const detail = await check.check();
          return [check.name, { status: 'up', ...(detail ? { detail } : {}) }] as const;
        } catch (e) {
          return [check.name, { status: 'down', error: errorMessage(e) }] as const;
        }
      }),
    );
    const info = Object.fromEntries(results);
    const ok = results.every(([, r]) => r.status === 'up');
    reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', info });
  }
}
