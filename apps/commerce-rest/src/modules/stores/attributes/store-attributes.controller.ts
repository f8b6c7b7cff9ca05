import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal, RequiresScopes } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import { StoreAccessService } from '../../access/store-access.service';
import { AttributeUpdateRequest, StoreAttributeParams } from './store-attributes.request';
import { StoreAttributesService } from './store-attributes.service';

const SINGLE_KEY = {
  description: 'a single-key object `{<attrName>: <string value>}`',
  schema: { type: 'object', additionalProperties: { type: 'string' }, example: { color: 'blue' } },
};

@ApiBearerController({ tag: 'stores' })
@RateLimited()
@Controller('v1/commerce/stores/:storeId/attributes')
export class StoreAttributesController {
  constructor(
    private readonly access: StoreAccessService,
    private readonly attributes: StoreAttributesService,
  ) {}

  @Get(':attrName')
  @RequiresScopes('commerce.store:read')
  @ApiOperation({ summary: 'Read one store attribute' })
  @ApiOkResponse(SINGLE_KEY)
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: key outside the allow-list',
    404: 'STORE_NOT_FOUND, or BUSINESS_ATTRIBUTE_NOT_FOUND (never set, deleted or expired)',
  })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreAttributeParams,
  ): Promise<Record<string, string>> {
    const store = await this.access.visibleStore(principal.accountId, params.storeId);
    return { [params.attrName]: await this.attributes.get(store, params.attrName) };
  }

  @Put(':attrName')
  @HttpCode(200)
  @RequiresScopes('commerce.store:update')
  @ApiOperation({ summary: 'Set one store attribute (with a ttl: an ephemeral attribute)' })
  @ApiOkResponse(SINGLE_KEY)
  @ApiErrorResponses({ 400: 'invalid body, or key outside the allow-list', 404: 'STORE_NOT_FOUND' })
  async put(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreAttributeParams,
    @Body() body: AttributeUpdateRequest,
  ): Promise<Record<string, string>> {
    const store = await this.access.visibleStore(principal.accountId, params.storeId);
    const set = await this.attributes.set(store, params.attrName, body.value, body.ttl);
    return { [set.name]: set.value };
  }

  @Delete(':attrName')
  @HttpCode(200)
  @RequiresScopes('commerce.store:update')
  @ApiOperation({ summary: 'Delete one store attribute; answers the value it had' })
  @ApiOkResponse(SINGLE_KEY)
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: key outside the allow-list',
    404: 'STORE_NOT_FOUND or BUSINESS_ATTRIBUTE_NOT_FOUND',
  })
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreAttributeParams,
  ): Promise<Record<string, string>> {
    const store = await this.access.visibleStore(principal.accountId, params.storeId);
    return { [params.attrName]: await this.attributes.delete(store, params.attrName) };
  }
}
