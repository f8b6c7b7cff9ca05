import { Module } from '@nestjs/common';
import { CheckoutSessionsRepository } from '../checkout/checkout-sessions.repository';
import { HandoffController } from './handoff.controller';
import { LegalController } from './legal.controller';
import { HandoffService } from './handoff.service';

/** The buyer's page behind a checkout's continue_url, and the legal pages a checkout links to. */
@Module({
  controllers: [HandoffController, LegalController],
  providers: [CheckoutSessionsRepository, HandoffService],
})
export class HandoffModule {}
