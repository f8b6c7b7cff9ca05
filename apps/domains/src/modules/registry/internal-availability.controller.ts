import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { DomainAvailability } from '@platform/contracts';
import { readName } from './availability-names';
import { AvailabilityService } from './availability.service';
import { InternalAvailabilityRequest } from './internal-availability.request';

/**
 * Availability for the Shopping API (libs/domains-client `availability`), with the internal
 * credential: the names rules and the cache of POST /v1/domains/available, one answer per name in
 * request order; a name that cannot be answered carries `error` (INVALID_FORMAT, UNSUPPORTED_TLD).
 */
@Controller('internal/v1/domains/availability')
export class InternalAvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @Post()
  @HttpCode(200)
  @InternalRoute()
  async check(@Body() body: InternalAvailabilityRequest): Promise<{ results: DomainAvailability[] }> {
    const names = body.domains.map(readName);
    const checkable = names.flatMap((n) => ('error' in n ? [] : [n.domain]));
    const answers = await this.availability.check(checkable, 'FAST');
    let next = 0;
    const results = names.map((n): DomainAvailability => {
      if ('error' in n)
        return {
          domain: n.error.domain,
          available: false,
          error: { code: n.error.code, message: n.error.message },
        };
      return { domain: n.domain, available: answers[next++].available, error: null };
    });
    return { results };
  }
}
