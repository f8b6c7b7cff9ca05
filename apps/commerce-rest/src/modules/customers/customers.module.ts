import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomerListVersionEntity } from './customer-list-version.entity';
import { CustomerEntity } from './customer.entity';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomerEntity, CustomerListVersionEntity])],
  controllers: [CustomersController],
  providers: [CustomersService],
})
export class CustomersModule {}
