import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreEntity } from '../stores/store.entity';
import { StoreAccessController } from './store-access.controller';
import { StoreAccessService } from './store-access.service';

@Global()
@Module({
  controllers: [StoreAccessController],
  imports: [TypeOrmModule.forFeature([StoreEntity])],
  providers: [StoreAccessService],
  exports: [StoreAccessService],
})
export class AccessModule {}
