import { Module } from '@nestjs/common';
import { ReferencesRepository } from './references.repository';

@Module({
  providers: [ReferencesRepository],
  exports: [ReferencesRepository],
})
export class ReferencesModule {}
