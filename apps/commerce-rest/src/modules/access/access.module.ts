import { Global, Module } from '@nestjs/common';
import { StoreAccessController } from './store-access.controller';
import { StoreAccessRepository } from './store-access.repository';
import { StoreAccessService } from './store-access.service';

@Global()
@Module({
  controllers: [StoreAccessController],
  providers: [StoreAccessRepository, StoreAccessService],
  exports: [StoreAccessService],
})
export class AccessModule {}
