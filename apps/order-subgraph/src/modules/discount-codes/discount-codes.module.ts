import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../order-writer/clock.service';
import { DiscountCodeEntity } from './discount-code.entity';
import { DiscountCodesResolver } from './discount-codes.resolver';
import { DiscountCodesRepository } from './discount-codes.repository';
import { DiscountCodesService } from './discount-codes.service';

/** The stores' discount codes (schema `orders`, table discount_codes). */
@Module({
  imports: [TypeOrmModule.forFeature([DiscountCodeEntity])],
  providers: [Clock, DiscountCodesRepository, DiscountCodesResolver, DiscountCodesService],
  exports: [DiscountCodesService],
})
export class DiscountCodesModule {}
