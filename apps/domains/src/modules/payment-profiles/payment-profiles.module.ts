import { DynamicModule, Module } from '@nestjs/common';
import { InternalPaymentProfilesController } from './internal-payment-profiles.controller';
import { PaymentProfilesRepository } from './payment-profiles.repository';
import { PaymentProfilesService } from './payment-profiles.service';

/**
 * Whether an account may be charged (NO_PAYMENT_PROFILE, BILLING_DECLINED). Imported as is by the
 * orders (API and worker); `withHttp()` adds GET /internal/v1/accounts/{accountId}/payment-profile
 * for the API process only.
 */
@Module({
  providers: [PaymentProfilesRepository, PaymentProfilesService],
  exports: [PaymentProfilesService],
})
export class PaymentProfilesModule {
  /** The module plus its HTTP route (API process only). */
  static withHttp(): DynamicModule {
    return { module: PaymentProfilesModule, controllers: [InternalPaymentProfilesController] };
  }
}
