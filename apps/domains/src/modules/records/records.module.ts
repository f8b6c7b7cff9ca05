import { Module } from '@nestjs/common';
import { RecordsController } from './records.controller';
import { RecordsRepository } from './records.repository';
import { RecordsService } from './records.service';
import { ZoneChangesController } from './zone-changes.controller';
import { ZoneChangesRepository } from './zone-changes.repository';
import { ZoneChangesService } from './zone-changes.service';
import { ZoneWriter } from './zone-writer.service';

/** DNS records: /v1/domains/{domain}/records… and POST /internal/v1/zone-changes. */
@Module({
  controllers: [RecordsController, ZoneChangesController],
  providers: [RecordsRepository, RecordsService, ZoneChangesRepository, ZoneChangesService, ZoneWriter],
})
export class RecordsModule {}
