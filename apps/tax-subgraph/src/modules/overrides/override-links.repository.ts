import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OwnerLinksRepository } from '../relations/owner-links.repository';
import { OverrideMemberEntity } from './override-member.entity';
import { OverrideRateEntity } from './override-rate.entity';

/** Storage of the rates and catalog members of overrides. */
@Injectable()
export class OverrideLinksRepository extends OwnerLinksRepository {
  constructor(manager: EntityManager) {
    super(manager, OverrideRateEntity, OverrideMemberEntity);
  }
}
