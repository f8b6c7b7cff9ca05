import { Module } from '@nestjs/common';
import { RecordsController } from './records.controller';
import { RecordsService } from './records.service';
import { ZoneChangesController } from './zone-changes.controller';
import { ZoneChangesService } from './zone-changes.service';
import { ZoneWriter } from './zone-writer.service';

/** DNS records: /v1/domains/{domain}/records… and POST /internal/v1/zone-changes. */
@Module({
  controllers: [RecordsController, ZoneChangesController],
  providers: [RecordsService, ZoneChangesService, ZoneWriter],
})
export class RecordsModule {}
