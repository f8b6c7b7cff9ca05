import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { businessOf } from '../ucp/shopping-context';
import { DiscoveryService } from './discovery.service';

/**
 * GET /.well-known/ucp (the platform) and GET /v1/shopping/stores/{storeId}/.well-known/ucp (a
 * store): public, cacheable for at least 60 s (UCP: public, max-age ≥ 60; never private or
 * no-store), and answered directly (no redirect).
 */
@ApiTags('shopping discovery')
@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  @Get('.well-known/ucp')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ operationId: 'platform_profile', summary: 'The platform’s UCP business profile' })
  @ApiOkResponse({ description: 'UCP business profile' })
  platform(): Record<string, unknown> {
    return this.discovery.profile({ kind: 'platform' });
  }

  @Get('v1/shopping/stores/:storeId/.well-known/ucp')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ operationId: 'store_profile', summary: 'A store’s UCP business profile' })
  @ApiOkResponse({ description: 'UCP business profile' })
  store(@Param('storeId') storeId: string): Record<string, unknown> {
    return this.discovery.profile(businessOf({ storeId }));
  }
}
