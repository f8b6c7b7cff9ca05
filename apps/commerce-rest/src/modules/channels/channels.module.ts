import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelStoreEntity } from './channel-store.entity';
import { ChannelEntity } from './channel.entity';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';

@Module({
  imports: [TypeOrmModule.forFeature([ChannelEntity, ChannelStoreEntity])],
  controllers: [ChannelsController],
  providers: [ChannelsService],
})
export class ChannelsModule {}
