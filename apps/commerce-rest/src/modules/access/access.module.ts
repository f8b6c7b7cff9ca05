import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreEntity } from '../stores/store.entity';
import { StoreAccessService } from './store-access.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([StoreEntity])],
  providers: [StoreAccessService],
  exports: [StoreAccessService],
})
export class AccessModule {}
