import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiscountCodesModule } from '../discount-codes/discount-codes.module';
import { OutboxModule } from '../outbox/outbox.module';
import { CartTotals } from './cart-totals.service';
import { Clock } from './clock.service';
import { LineItemEntity } from './line-item.entity';
import { LineItemResolver } from './line-item.resolver';
import { OrderContentsResolver } from './order-contents.resolver';
import { OrderContentsService } from './order-contents.service';
import { OrderDiscountEntity } from './order-discount.entity';
import { OrderFieldsResolver } from './order-fields.resolver';
import { OrderLifecycleResolver } from './order-lifecycle.resolver';
import { OrderNoteEntity } from './order-note.entity';
import { OrderPaymentEntity } from './order-payment.entity';
import { OrderPaymentsResolver } from './order-payments.resolver';
import { OrderPaymentsService } from './order-payments.service';
import { OrderQueriesResolver } from './order-queries.resolver';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import { OrderWriter } from './order-writer.service';
import { OrderEntity } from './order.entity';
import { OrdersQueryService } from './orders-query.service';
import { OrdersService } from './orders.service';
import { StorefrontCartService } from './storefront-cart.service';

/** Orders: the domain services and the GraphQL resolvers over them. */
@Module({
  imports: [
    DiscountCodesModule,
    OutboxModule,
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
    CartTotals,
    Clock,
    LineItemResolver,
    OrderContentsResolver,
    OrderContentsService,
    OrderFieldsResolver,
    OrderLifecycleResolver,
    OrderPaymentsResolver,
    OrderPaymentsService,
    OrderQueriesResolver,
    OrderWriter,
    OrdersQueryService,
    OrdersService,
    StorefrontCartService,
  ],
  exports: [
    CartTotals,
    Clock,
    OrderContentsService,
    OrderPaymentsService,
    OrderWriter,
    OrdersQueryService,
    OrdersService,
    StorefrontCartService,
  ],
})
export class OrdersModule {}
