import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RatesService } from '../rates/rates.service';
import { OwnerReferences } from '../references/owner-references.service';
import { ReferenceStore } from '../references/reference-store.service';
import { OverrideMemberEntity } from './override-member.entity';
import { OverrideRateEntity } from './override-rate.entity';
import { OwnerRelations } from '../relations/owner-relations.service';
import { OverrideEntity } from './override.entity';
import { OverridesService } from './overrides.service';

/** Rates and catalog members of overrides (the 8 add/remove mutations and their fields). */
@Injectable()
export class OverrideRelations extends OwnerRelations<OverrideEntity> {
  constructor(@InjectDataSource() dataSource: DataSource, overrides: OverridesService, rates: RatesService) {
    super(dataSource, OverrideRateEntity, OverrideMemberEntity, (s, id) => overrides.get(s, id), rates);
  }
}

/** External references of overrides. */
@Injectable()
export class OverrideReferences extends OwnerReferences<OverrideEntity> {
  constructor(store: ReferenceStore, overrides: OverridesService) {
    super('OVERRIDE', store, (s, id) => overrides.get(s, id));
  }
}
