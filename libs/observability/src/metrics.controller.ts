import { Controller, Get, Res, SetMetadata } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PUBLIC_ROUTE } from '@platform/scopes';
import type { FastifyReply } from 'fastify';
import { MetricsService } from './metrics.service';

@ApiExcludeController()
@SetMetadata(PUBLIC_ROUTE, true)
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    reply
      .header('Content-Type', this.metrics.registry.contentType)
      .send(await this.metrics.registry.metrics());
  }
}
