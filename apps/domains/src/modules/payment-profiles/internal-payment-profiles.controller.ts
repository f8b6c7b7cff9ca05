import { Controller, Get, Param } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { PaymentProfileStatus } from '@platform/contracts';
import { AccountParams } from './internal-payment-profiles.request';
import { PaymentProfilesService } from './payment-profiles.service';

/** Whether an account can be charged, for the Shopping API (libs/domains-client `paymentProfile`). */
@Controller('internal/v1/accounts/:accountId/payment-profile')
export class InternalPaymentProfilesController {
  constructor(private readonly profiles: PaymentProfilesService) {}

  /** 200 {accountId, status: ACTIVE | DECLINING | NONE}; an account without a profile is NONE, not 404. */
  @Get()
  @InternalRoute()
  async get(@Param() params: AccountParams): Promise<PaymentProfileStatus> {
    return { accountId: params.accountId, status: await this.profiles.standingOf(params.accountId) };
  }
}
