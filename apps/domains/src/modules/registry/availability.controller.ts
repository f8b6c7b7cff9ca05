import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { MAX_NAMES_PER_CHECK, readNameList } from './availability-names';
import { CheckAvailabilityQuery, CheckTypeQuery } from './availability.request';
import { AvailabilityResponse, BulkAvailabilityResponse } from './availability.response';
import { AvailabilityService } from './availability.service';
import type { Availability } from './availability.service';
import { RegistryErrors } from './registry.errors';
import { REGISTRY_CURRENCY, yearlyPriceOf } from './sandbox-registry';

function toResponse(domain: string, price: number, answer: Availability): AvailabilityResponse {
  return { domain, ...answer, price, currency: REGISTRY_CURRENCY, period: 1 };
}

/** Availability and price of names at the sandbox registry (docs/domains.md, "Availability"). */
@ApiBearerController({
  tag: 'domains',
  requestId: true,
  errors: { 400: 'INVALID_FORMAT or INVALID_BODY (fields[] says which input)' },
})
@RateLimited({ errorBody: true })
@Controller()
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @Get('v3/domains/check-availability')
  @RequiresScopes('domains.domain:read')
  @ApiOperation({ summary: 'Whether one name can be purchased, and its price for a year' })
  @ApiOkResponse({ type: AvailabilityResponse })
  @ApiResponse({ status: 422, description: 'UNSUPPORTED_TLD' })
  async checkOne(@Query() query: CheckAvailabilityQuery): Promise<AvailabilityResponse> {
    const price = yearlyPriceOf(query.domain);
    if (price === undefined) throw RegistryErrors.unsupportedTld(query.domain);
    const [answer] = await this.availability.check([query.domain], query.checkType);
    return toResponse(query.domain, price, answer);
  }

  @Post('v1/domains/available')
  @HttpCode(200)
  @RequiresScopes('domains.domain:read')
  @ApiOperation({
    summary: `Availability of 1 to ${MAX_NAMES_PER_CHECK} names; 203 with errors[] when some cannot be answered`,
  })
  @ApiBody({
    schema: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_NAMES_PER_CHECK },
  })
  @ApiOkResponse({ type: BulkAvailabilityResponse })
  @ApiResponse({
    status: 203,
    type: BulkAvailabilityResponse,
    description: 'errors[]: malformed or unsupported names',
  })
  async checkMany(
    @Query() query: CheckTypeQuery,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BulkAvailabilityResponse> {
    const { names, errors } = readNameList(body);
    const answers = await this.availability.check(
      names.map((n) => n.domain),
      query.checkType,
    );
    const domains = names.map((n, i) => toResponse(n.domain, n.price, answers[i]));
    if (errors.length === 0) return { domains };
    reply.status(203);
    return { domains, errors };
  }
}
