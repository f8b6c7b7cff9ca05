import { Module } from '@nestjs/common';
import { ReferenceStore } from './reference-store.service';

@Module({
  providers: [ReferenceStore],
  exports: [ReferenceStore],
})
export class ReferencesModule {}
