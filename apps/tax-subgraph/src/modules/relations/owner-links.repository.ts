import { EntityManager, EntityTarget, In, Repository } from 'typeorm';
import type { RateEntity } from '../rates/rate.entity';
import type { MemberKind } from './member-kind';

/** The shape shared by classification_rates and override_rates. */
export interface RateLinkRow {
  ownerId: string;
  rateId: string;
  storeId: string;
  createdAt: Date;
  rate?: RateEntity;
}

/** The shape shared by classification_members and override_members. */
export interface MemberLinkRow {
  ownerId: string;
  kind: MemberKind;
  memberId: string;
  storeId: string;
  createdAt: Date;
}

/**
 * Storage of the links of one owner type (classifications or overrides) to rates and to catalog
 * members: one implementation over the two pairs of link tables, each subclass naming its pair.
 */
export abstract class OwnerLinksRepository {
  private readonly rateLinks: Repository<RateLinkRow>;
  private readonly memberLinks: Repository<MemberLinkRow>;

  protected constructor(
    manager: EntityManager,
    rateLink: EntityTarget<RateLinkRow>,
    memberLink: EntityTarget<MemberLinkRow>,
  ) {
    this.rateLinks = manager.getRepository(rateLink);
    this.memberLinks = manager.getRepository(memberLink);
  }

  /** Inserts the links; a link that already exists stays as it is (its createdAt too). */
  async insertRateLinks(links: RateLinkRow[]): Promise<void> {
    await this.rateLinks.createQueryBuilder().insert().values(links).orIgnore().execute();
  }

  /** Inserts the links; a link that already exists stays as it is (its createdAt too). */
  async insertMemberLinks(links: MemberLinkRow[]): Promise<void> {
    await this.memberLinks.createQueryBuilder().insert().values(links).orIgnore().execute();
  }

  async deleteRateLinks(storeId: string, ownerId: string, rateIds: readonly string[]): Promise<void> {
    await this.rateLinks.delete({ ownerId, storeId, rateId: In([...rateIds]) });
  }

  async deleteMemberLinks(
    storeId: string,
    ownerId: string,
    kind: MemberKind,
    memberIds: readonly string[],
  ): Promise<void> {
    await this.memberLinks.delete({ ownerId, storeId, kind, memberId: In([...memberIds]) });
  }

  /** The rate links of `ownerIds` with their rates, in the order they were added. */
  findRateLinks(storeId: string, ownerIds: readonly string[]): Promise<RateLinkRow[]> {
    return this.rateLinks
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.rate', 'r')
      .where('l.storeId = :storeId AND l.ownerId IN (:...ownerIds)', { storeId, ownerIds })
      .orderBy('l.createdAt', 'ASC')
      .addOrderBy('l.rateId', 'ASC')
      .getMany();
  }

  /** The member links of `ownerIds`, in the order they were added. */
  findMemberLinks(storeId: string, ownerIds: readonly string[]): Promise<MemberLinkRow[]> {
    return this.memberLinks.find({
      where: { storeId, ownerId: In([...ownerIds]) },
      order: { createdAt: 'ASC', memberId: 'ASC' },
    });
  }
}
