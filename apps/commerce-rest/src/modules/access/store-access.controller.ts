import { Controller, Get, HttpCode, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CurrentPrincipal, Principal } from '@platform/auth';
import { IsUUID } from 'class-validator';
import { StoreAccessService } from './store-access.service';

class StoreAccessParams {
  @IsUUID('all', { message: 'storeId must be a uuid' })
  storeId!: string;
}

/**
 * Service-to-service: may this token's account use this store? The GraphQL subgraphs ask it for
 * every x-store-id (they never read commerce's tables). Any valid token may ask, whatever its
 * scopes (an order token need not hold commerce.store:read); it reveals only what the store
 * endpoints already reveal to the account. Not in the route table or the Ingress: the gateway and
 * the outside world cannot reach /internal.
 */
@ApiExcludeController()
@Controller('internal/v1/store-access')
export class StoreAccessController {
  constructor(private readonly access: StoreAccessService) {}

  /** 204 when the store is the caller's, 404 STORE_NOT_FOUND otherwise. */
  @Get(':storeId')
  @HttpCode(204)
  async check(@CurrentPrincipal() principal: Principal, @Param() params: StoreAccessParams): Promise<void> {
    await this.access.visibleStore(principal.accountId, params.storeId);
  }
}
