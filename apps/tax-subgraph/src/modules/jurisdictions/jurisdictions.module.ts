import { Module } from '@nestjs/common';
import { JurisdictionsRepository } from './jurisdictions.repository';
import { JurisdictionsResolver } from './jurisdictions.resolver';
import { JurisdictionsService } from './jurisdictions.service';

@Module({
  providers: [JurisdictionsRepository, JurisdictionsResolver, JurisdictionsService],
  exports: [JurisdictionsService],
})
export class JurisdictionsModule {}
