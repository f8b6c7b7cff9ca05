import { Body, Controller, HttpCode, Post, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { Shopping, type ShoppingContext } from '../ucp/shopping-context';
import { UcpOperation } from '../ucp/ucp-operation.decorator';
import { sendUcp } from '../ucp/ucp-reply';
import { LookupRequest, ProductRequest, SearchRequest } from './catalog.request';
import { CatalogService } from './catalog.service';
import { LookupBatchLimitInterceptor } from './lookup-batch-limit.interceptor';

const PLATFORM = 'v1/shopping/catalog';
const STORE = 'v1/shopping/stores/:storeId/catalog';

/** POST …/catalog/search, …/lookup, …/product of the platform and of each store. */
@ApiBearerController({
  tag: 'shopping catalog',
  errors: { 400: 'invalid_request; request_too_large (a lookup of more than 100 ids)' },
})
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Post([`${PLATFORM}/search`, `${STORE}/search`])
  @HttpCode(200)
  @UcpOperation({
    operationId: 'search_catalog',
    summary: 'Search the catalog',
    scope: 'shopping.catalog:read',
  })
  async search(
    @Shopping() ctx: ShoppingContext,
    @Body() body: SearchRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.catalog.search(ctx, body));
  }

  @Post([`${PLATFORM}/lookup`, `${STORE}/lookup`])
  @HttpCode(200)
  @UcpOperation({ operationId: 'lookup_catalog', summary: 'Products by id', scope: 'shopping.catalog:read' })
  @UseInterceptors(LookupBatchLimitInterceptor)
  async lookup(
    @Shopping() ctx: ShoppingContext,
    @Body() body: LookupRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.catalog.lookup(ctx, body));
  }

  @Post([`${PLATFORM}/product`, `${STORE}/product`])
  @HttpCode(200)
  @UcpOperation({
    operationId: 'get_product',
    summary: 'One product in full',
    scope: 'shopping.catalog:read',
  })
  async product(
    @Shopping() ctx: ShoppingContext,
    @Body() body: ProductRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.catalog.product(ctx, body));
  }
}
