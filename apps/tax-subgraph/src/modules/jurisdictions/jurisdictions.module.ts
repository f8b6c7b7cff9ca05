import { Module } from '@nestjs/common';
import { JurisdictionsResolver } from './jurisdictions.resolver';
import { JurisdictionsService } from './jurisdictions.service';

@Module({
  providers: [JurisdictionsResolver, JurisdictionsService],
  exports: [JurisdictionsService],
})
export class JurisdictionsModule {}
