import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LineItemEntity } from '../order-model/line-item.entity';
import { OrderDiscountEntity } from '../order-model/order-discount.entity';
import { OrderNoteEntity } from '../order-model/order-note.entity';
import { OrderPaymentEntity } from '../order-model/order-payment.entity';
import { OrderStatusChangeEntity } from '../order-model/order-status-change.entity';
import { OrderEntity } from '../order-model/order.entity';
import { OrderWriterModule } from '../order-writer/order-writer.module';
import { StorefrontCartModule } from '../storefront-cart/storefront-cart.module';
import { OrderContentsResolver } from './contents/order-contents.resolver';
import { OrderContentsService } from './contents/order-contents.service';
import { OrderLifecycleResolver } from './lifecycle/order-lifecycle.resolver';
import { OrdersService } from './lifecycle/orders.service';
import { OrderPaymentsResolver } from './payments/order-payments.resolver';
import { OrderPaymentsService } from './payments/order-payments.service';
import { LineItemResolver } from './queries/line-item.resolver';
import { OrderFieldsResolver } from './queries/order-fields.resolver';
import { OrderQueriesResolver } from './queries/order-queries.resolver';
import { OrderReadsRepository } from './queries/order-reads.repository';
import { OrdersQueryService } from './queries/orders-query.service';

/**
 * Admin orders: the queries, the lifecycle, payments, discounts and notes, and the resolvers of the
 * one schema both paths serve (the cart's mutations delegate to StorefrontCartService). A DRAFT
 * order's totals and taxes come from the storefront cart's CartTotals.
 */
@Module({
  imports: [
    OrderWriterModule,
    StorefrontCartModule,
    TypeOrmModule.forFeature([
      LineItemEntity,
      OrderDiscountEntity,
      OrderEntity,
      OrderNoteEntity,
      OrderPaymentEntity,
      OrderStatusChangeEntity,
    ]),
  ],
  providers: [
    LineItemResolver,
    OrderContentsResolver,
    OrderContentsService,
    OrderFieldsResolver,
    OrderLifecycleResolver,
    OrderPaymentsResolver,
    OrderPaymentsService,
    OrderQueriesResolver,
    OrderReadsRepository,
    OrdersQueryService,
    OrdersService,
  ],
  exports: [OrderContentsService, OrderPaymentsService, OrdersQueryService, OrdersService],
})
export class OrdersModule {}
