import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderEntity } from '../order-model/order.entity';
import { OrderWriterModule } from '../order-writer/order-writer.module';
import { OrdersModule } from '../orders/orders.module';
import { StorefrontCartModule } from '../storefront-cart/storefront-cart.module';
import { InternalStoreOrdersController } from './internal-store-orders.controller';
import { StoreOrdersService } from './store-orders.service';

/** A store's cart quoted and placed as a paid order for other platform services (internal routes). */
@Module({
  imports: [OrderWriterModule, OrdersModule, StorefrontCartModule, TypeOrmModule.forFeature([OrderEntity])],
  controllers: [InternalStoreOrdersController],
  providers: [StoreOrdersService],
})
export class StoreOrdersModule {}
