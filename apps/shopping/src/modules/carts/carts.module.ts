import { Module } from '@nestjs/common';
import { UcpModule } from '../ucp/ucp.module';
import { CartsController } from './carts.controller';
import { CartsRepository } from './carts.repository';
import { CartsService } from './carts.service';

/** The carts of every business (…/carts…); CartsService also serves the MCP binding. */
@Module({
  imports: [UcpModule],
  controllers: [CartsController],
  providers: [CartsRepository, CartsService],
  exports: [CartsService],
})
export class CartsModule {}
