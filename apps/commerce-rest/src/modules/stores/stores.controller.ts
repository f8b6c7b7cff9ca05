import { Body, Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal, RequiresScopes } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import { GovernmentIdsPipe } from './government-ids/government-ids.pipe';
import { GovernmentIdInput, GovernmentIdRequest } from './government-ids/government-ids.request';
import { GovernmentIdsService } from './government-ids/government-ids.service';
import { parseStoreJoins } from './store-joins';
import type { StoreView } from './store-view';
import { GetStoreQuery, StoreIdParams } from './stores.request';
import { StoreResponse } from './stores.response';
import { StoresService } from './stores.service';

@ApiBearerController({ tag: 'stores' })
@RateLimited()
@Controller('v1/commerce/stores')
export class StoresController {
  constructor(
    private readonly stores: StoresService,
    private readonly governmentIds: GovernmentIdsService,
  ) {}

  @Get(':storeId')
  @RequiresScopes('commerce.store:read')
  @ApiOperation({
    summary: 'Read a store',
    description:
      'The default field set always; each optional join only when named in includeFields (comma-separated) or includeField (repeatable). Both spellings may be mixed.',
  })
  @ApiOkResponse({ type: StoreResponse })
  @ApiErrorResponses({
    400: 'storeId not a uuid; unknown includeFields value',
    404: 'STORE_NOT_FOUND (also for stores of others)',
  })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreIdParams,
    @Query() query: GetStoreQuery,
  ): Promise<StoreView> {
    return this.stores.getStore(principal.accountId, params.storeId, parseStoreJoins(query));
  }

  @Put(':storeId/government-ids')
  @HttpCode(200)
  @RequiresScopes('commerce.store:update')
  @ApiOperation({
    summary: "Replace the government ids of the store's business",
    description:
      'Kept encrypted at rest; the answer is the store with the ids masked but for the last four characters.',
  })
  @ApiBody({ type: [GovernmentIdRequest] })
  @ApiOkResponse({ type: StoreResponse })
  @ApiErrorResponses({ 400: 'details[].field is a JSON pointer such as /0/type', 404: 'STORE_NOT_FOUND' })
  putGovernmentIds(
    @CurrentPrincipal() principal: Principal,
    @Param() params: StoreIdParams,
    @Body(GovernmentIdsPipe) ids: GovernmentIdInput[],
  ): Promise<StoreView> {
    return this.governmentIds.replaceForStore(principal.accountId, params.storeId, ids);
  }
}
