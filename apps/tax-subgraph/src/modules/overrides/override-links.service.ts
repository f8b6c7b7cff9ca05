import { Injectable } from '@nestjs/common';
import { RatesService } from '../rates/rates.service';
import { OwnerReferences } from '../references/owner-references.service';
import { ReferencesRepository } from '../references/references.repository';
import { OwnerRelations } from '../relations/owner-relations.service';
import { OverrideLinksRepository } from './override-links.repository';
import { OverrideEntity } from './override.entity';
import { OverridesService } from './overrides.service';

/** Rates and catalog members of overrides (the 8 add/remove mutations and their fields). */
@Injectable()
export class OverrideRelations extends OwnerRelations<OverrideEntity> {
  constructor(links: OverrideLinksRepository, overrides: OverridesService, rates: RatesService) {
    super(links, (s, id) => overrides.get(s, id), rates);
  }
}

/** External references of overrides. */
@Injectable()
export class OverrideReferences extends OwnerReferences<OverrideEntity> {
  constructor(store: ReferencesRepository, overrides: OverridesService) {
    super('OVERRIDE', store, (s, id) => overrides.get(s, id));
  }
}
