import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import { ZoneChangeRequest } from './zone-changes.request';
import { ZoneChangesService } from './zone-changes.service';
import type { ZoneChangeResult } from './zone-writer.service';

/** The internal API other services change zones through (libs/domains-client applyZoneChange). */
@Controller('internal/v1/zone-changes')
export class ZoneChangesController {
  constructor(private readonly changes: ZoneChangesService) {}

  @Post()
  @HttpCode(200)
  @InternalRoute()
  apply(@Body() body: ZoneChangeRequest): Promise<ZoneChangeResult> {
    return this.changes.apply(body);
  }
}
