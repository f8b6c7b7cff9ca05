import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, QueueModule } from '@platform/queue';
import { MailboxEntity } from './mailbox.entity';
import { MailboxesController } from './mailboxes.controller';
import { MailboxesQueue } from './mailboxes.jobs';
import { MailboxesRepository } from './mailboxes.repository';
import { MailboxesService } from './mailboxes.service';

/** POST /mailboxes and GET /mailboxes/{mailboxId}; the worker provisions. */
@Module({
  imports: [QueueModule.registerQueues(MailboxesQueue), TypeOrmModule.forFeature([MailboxEntity])],
  controllers: [MailboxesController],
  providers: [MailboxesRepository, MailboxesService, OperationRunner],
})
export class MailboxesModule {}
