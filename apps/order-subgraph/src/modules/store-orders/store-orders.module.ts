import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrderEntity } from '../orders/order.entity';
import { OrdersModule } from '../orders/orders.module';
import { InternalStoreOrdersController } from './internal-store-orders.controller';
import { StoreOrdersService } from './store-orders.service';

/** A store's cart quoted and placed as a paid order for other platform services (internal routes). */
@Module({
  imports: [OrdersModule, TypeOrmModule.forFeature([OrderEntity])],
  controllers: [InternalStoreOrdersController],
  providers: [StoreOrdersService],
})
export class StoreOrdersModule {}
