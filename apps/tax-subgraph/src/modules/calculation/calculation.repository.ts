import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { ClassificationMemberEntity } from '../classifications/classification-member.entity';
import { ClassificationRateEntity } from '../classifications/classification-rate.entity';
import { ClassificationEntity } from '../classifications/classification.entity';
import { JurisdictionEntity } from '../jurisdictions/jurisdiction.entity';
import { OverrideMemberEntity } from '../overrides/override-member.entity';
import { OverrideRateEntity } from '../overrides/override-rate.entity';
import { OverrideEntity } from '../overrides/override.entity';
import type { MemberLinkRow, RateLinkRow } from '../relations/owner-links.repository';
import { CalculationEntity } from './calculation.entity';

/** Which owner type's link tables a read goes to. */
export type LinkOwner = 'CLASSIFICATION' | 'OVERRIDE';

const MEMBER_LINKS = { CLASSIFICATION: ClassificationMemberEntity, OVERRIDE: OverrideMemberEntity } as const;
const RATE_LINKS = { CLASSIFICATION: ClassificationRateEntity, OVERRIDE: OverrideRateEntity } as const;

export type NewCalculation = Omit<CalculationEntity, 'id'>;

/**
 * The reads that load exactly the tax data a basket needs (each an indexed query on the store,
 * whatever the number of lines), and the record of a calculation.
 */
@Injectable()
export class CalculationRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The store's jurisdictions in `countryCode` (upper case). */
  findJurisdictionsOfCountry(storeId: string, countryCode: string): Promise<JurisdictionEntity[]> {
    return this.manager.getRepository(JurisdictionEntity).find({ where: { storeId, countryCode } });
  }

  /** The links of `owner` type to any of `memberIds` (of any kind). */
  findMemberLinks(owner: LinkOwner, storeId: string, memberIds: readonly string[]): Promise<MemberLinkRow[]> {
    return this.manager
      .getRepository<MemberLinkRow>(MEMBER_LINKS[owner])
      .find({ where: { storeId, memberId: In([...memberIds]) } });
  }

  findClassifications(storeId: string, ids: readonly string[]): Promise<ClassificationEntity[]> {
    return this.manager.getRepository(ClassificationEntity).find({ where: { storeId, id: In([...ids]) } });
  }

  findActiveOverrides(storeId: string, ids: readonly string[]): Promise<OverrideEntity[]> {
    return this.manager
      .getRepository(OverrideEntity)
      .find({ where: { storeId, id: In([...ids]), status: 'ACTIVE' } });
  }

  /** The links of `ownerIds` to ACTIVE rates, with the rates, in the order they were added. */
  findActiveRateLinks(
    owner: LinkOwner,
    storeId: string,
    ownerIds: readonly string[],
  ): Promise<RateLinkRow[]> {
    return this.manager
      .getRepository<RateLinkRow>(RATE_LINKS[owner])
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.rate', 'r', "r.status = 'ACTIVE'")
      .where('l.storeId = :storeId AND l.ownerId IN (:...ownerIds)', { storeId, ownerIds })
      .orderBy('l.createdAt', 'ASC')
      .addOrderBy('l.rateId', 'ASC')
      .getMany();
  }

  /** Keeps a calculation; returns its id. */
  async insertCalculation(calculation: NewCalculation): Promise<string> {
    const saved = await this.manager.getRepository(CalculationEntity).save(calculation);
    return saved.id;
  }
}
