import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { UcpModule } from '../ucp/ucp.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';

/** The checkout sessions of every business (…/checkout-sessions…). */
@Module({
  imports: [OrdersModule, UcpModule],
  controllers: [CheckoutController],
  providers: [CheckoutService],
  exports: [CheckoutService],
})
export class CheckoutModule {}
