import { Controller, Get, Res, SetMetadata } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PUBLIC_ROUTE } from '@platform/scopes';
import type { FastifyReply } from 'fastify';
import { PlatformReadinessService, TargetReadiness } from './platform-readiness.service';

export interface HealthzBody {
  readonly status: 'ok' | 'unavailable';
  /** Names of the services and workers that are not ready (empty when all are). */
  readonly notReady: readonly string[];
  readonly services: Readonly<Record<string, TargetReadiness>>;
}

/** ARCHITECTURE.md §4: 200 only when every service and worker the gateway fronts is ready. */
@ApiTags('health')
@SetMetadata(PUBLIC_ROUTE, true)
@Controller()
export class PlatformHealthController {
  constructor(private readonly readiness: PlatformReadinessService) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Readiness of the whole platform behind the gateway' })
  @ApiResponse({ status: 200, description: 'every service and worker is ready' })
  @ApiResponse({ status: 503, description: 'at least one is not; `notReady` names them' })
  async healthz(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthzBody> {
    const { ready, targets } = await this.readiness.check();
    reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
    return {
      status: ready ? 'ok' : 'unavailable',
      notReady: Object.entries(targets)
        .filter(([, t]) => t.status !== 'ready')
        .map(([name]) => name),
      services: targets,
    };
  }
}
