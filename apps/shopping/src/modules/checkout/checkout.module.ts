import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { UcpModule } from '../ucp/ucp.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { CheckoutService } from './checkout.service';

/** The checkout sessions of every business (…/checkout-sessions…). */
@Module({
  imports: [OrdersModule, UcpModule],
  controllers: [CheckoutController],
  providers: [CheckoutService, CheckoutSessionsRepository],
  exports: [CheckoutService],
})
export class CheckoutModule {}
