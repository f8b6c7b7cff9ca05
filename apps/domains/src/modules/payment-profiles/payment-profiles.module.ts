import { Module } from '@nestjs/common';
import { PaymentProfilesService } from './payment-profiles.service';

/** Whether an account may be charged (NO_PAYMENT_PROFILE, BILLING_DECLINED). */
@Module({
  providers: [PaymentProfilesService],
  exports: [PaymentProfilesService],
})
export class PaymentProfilesModule {}
