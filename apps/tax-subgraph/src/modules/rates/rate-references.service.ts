import { Injectable } from '@nestjs/common';
import { OwnerReferences } from '../references/owner-references.service';
import { ReferencesRepository } from '../references/references.repository';
import { RateEntity } from './rate.entity';
import { RatesService } from './rates.service';

/** External references of rates (createReferencesForRate, deleteReferencesFromRate, Rate.references). */
@Injectable()
export class RateReferences extends OwnerReferences<RateEntity> {
  constructor(store: ReferencesRepository, rates: RatesService) {
    super('RATE', store, (storeId, id) => rates.get(storeId, id));
  }
}
