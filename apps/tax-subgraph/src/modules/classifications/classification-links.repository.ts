import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OwnerLinksRepository } from '../relations/owner-links.repository';
import { ClassificationMemberEntity } from './classification-member.entity';
import { ClassificationRateEntity } from './classification-rate.entity';

/** Storage of the rates and catalog members of classifications. */
@Injectable()
export class ClassificationLinksRepository extends OwnerLinksRepository {
  constructor(manager: EntityManager) {
    super(manager, ClassificationRateEntity, ClassificationMemberEntity);
  }
}
