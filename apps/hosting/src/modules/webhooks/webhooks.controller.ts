import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { HostingOperation } from '../apps/apps.operations';
import { decodeWebhookPageToken, webhookListBinding } from './webhook-page-token';
import { CreateWebhookRequest, WebhookPageQuery, WebhookParams } from './webhooks.request';
import {
  CreatedWebhookResponse,
  WEBHOOKS_PATH,
  WebhookDeliveryPageResponse,
  WebhookPageResponse,
  WebhookResponse,
  deliveriesPath,
  toDeliveryResponse,
  toWebhookResponse,
  webhookPageLinks,
  webhookPath,
} from './webhooks.response';
import { WebhooksService } from './webhooks.service';

const NOT_FOUND = 'WEBHOOK_NOT_FOUND (also for another account’s)';

/**
 * Deploy webhooks of the caller's account (docs/hosting.md, "Webhooks"): managed with
 * `hosting.application:update`, read with `hosting.application:read`.
 */
@ApiBearerController({
  tag: 'hosting webhooks',
  requestId: true,
  errors: {
    400: 'INVALID_REQUEST with details[].issue per bad input',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(201)
  @HostingOperation(
    'write',
    'Create a webhook; the answer holds its signing secret, shown this once',
    'hosting.application:update',
  )
  @ApiCreatedResponse({
    type: CreatedWebhookResponse,
    headers: { Location: { description: 'The webhook', schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 409, description: 'WEBHOOK_LIMIT_REACHED' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateWebhookRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatedWebhookResponse> {
    const { webhook, secret } = await this.webhooks.create(principal.accountId, body.url, body.events);
    reply.header('Location', webhookPath(webhook.id));
    return { ...toWebhookResponse(webhook), secret };
  }

  @Get()
  @HostingOperation('read', "The caller's webhooks, newest first, keyset paged", 'hosting.application:read')
  @ApiOkResponse({ type: WebhookPageResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: WebhookPageQuery,
  ): Promise<WebhookPageResponse> {
    const after = this.cursor(WEBHOOKS_PATH, principal, query);
    const page = await this.webhooks.list(principal.accountId, query.pageSize, after);
    return {
      items: page.items.map(toWebhookResponse),
      links: webhookPageLinks(WEBHOOKS_PATH, page, query, principal.accountId),
    };
  }

  @Get(':webhookId')
  @HostingOperation('read', 'One webhook of the caller (without its secret)', 'hosting.application:read')
  @ApiOkResponse({ type: WebhookResponse })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: WebhookParams,
  ): Promise<WebhookResponse> {
    return toWebhookResponse(await this.webhooks.get(principal.accountId, params.webhookId));
  }

  @Delete(':webhookId')
  @HttpCode(204)
  @HostingOperation(
    'write',
    'Delete a webhook; its undelivered events are dropped',
    'hosting.application:update',
  )
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  async delete(@CurrentPrincipal() principal: Principal, @Param() params: WebhookParams): Promise<void> {
    await this.webhooks.delete(principal.accountId, params.webhookId);
  }

  @Get(':webhookId/deliveries')
  @HostingOperation(
    'read',
    "The webhook's delivery attempts, newest first, keyset paged",
    'hosting.application:read',
  )
  @ApiOkResponse({ type: WebhookDeliveryPageResponse })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  async deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param() params: WebhookParams,
    @Query() query: WebhookPageQuery,
  ): Promise<WebhookDeliveryPageResponse> {
    const path = deliveriesPath(params.webhookId);
    const after = this.cursor(path, principal, query);
    const page = await this.webhooks.deliveries(principal.accountId, params.webhookId, query.pageSize, after);
    return {
      items: page.items.map(toDeliveryResponse),
      links: [
        ...webhookPageLinks(path, page, query, principal.accountId),
        { rel: 'webhook', href: webhookPath(params.webhookId) },
      ],
    };
  }

  private cursor(path: string, principal: Principal, query: WebhookPageQuery) {
    return query.pageToken === undefined
      ? undefined
      : decodeWebhookPageToken(
          query.pageToken,
          webhookListBinding(path, principal.accountId, query.pageSize),
        );
  }
}
