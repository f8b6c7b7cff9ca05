import { Module } from '@nestjs/common';
import { PkiCoreModule } from './pki-core.module';
import { PkiController } from './pki.controller';

export { PkiCoreModule };

/** PkiCoreModule plus GET /v1/agents/crl and GET /v1/agents/ca: what the API imports. */
@Module({
  imports: [PkiCoreModule],
  controllers: [PkiController],
  exports: [PkiCoreModule],
})
export class PkiModule {}
