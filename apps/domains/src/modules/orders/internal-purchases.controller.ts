import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { DomainPurchase } from '@platform/contracts';
import { AccountParams } from '../payment-profiles/internal-payment-profiles.request';
import { DomainPurchasesService } from './domain-purchases.service';
import { InternalPurchaseParams, InternalPurchaseRequest } from './internal-purchases.request';
import { toDomainPurchase } from './internal-purchases.response';

/**
 * Domain purchases the Shopping API places for an account (libs/domains-client `purchase`,
 * `purchaseStatus`), with the internal credential; docs/domains.md, "Internal API".
 */
@Controller('internal/v1/accounts/:accountId/domain-purchases')
export class InternalPurchasesController {
  constructor(private readonly purchases: DomainPurchasesService) {}

  /** 202 the purchase (PENDING until the worker settles it); the same reference answers the same order. */
  @Post()
  @HttpCode(202)
  @InternalRoute()
  async purchase(
    @Param() params: AccountParams,
    @Body() body: InternalPurchaseRequest,
  ): Promise<DomainPurchase> {
    return toDomainPurchase(await this.purchases.purchase(params.accountId, body));
  }

  /** 200 the purchase; 404 PURCHASE_NOT_FOUND. */
  @Get(':reference')
  @InternalRoute()
  async get(@Param() params: InternalPurchaseParams): Promise<DomainPurchase> {
    return toDomainPurchase(await this.purchases.get(params.accountId, params.reference));
  }
}
