import { RelationService, groupBy, nowMs } from '@platform/graphql-subgraph';
import { DataSource, EntityTarget, In, Repository } from 'typeorm';
import type { RateEntity } from '../rates/rate.entity';
import type { RatesService } from '../rates/rates.service';
import type { MemberKind, RelationKind } from './member-kind';

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

export interface OwnerMembers {
  readonly skuIds: string[];
  readonly skuGroupIds: string[];
  readonly listIds: string[];
}

/**
 * The relations of one owner type (classifications or overrides) to rates and to catalog
 * members, from one implementation: idempotent add/remove for the 16 relation mutations, and
 * batched reads for their fields. Rates must be the store's (RATE_NOT_FOUND otherwise); catalog
 * ids belong to the catalog subgraph and are kept as given.
 */
export abstract class OwnerRelations<E> implements RelationService<E, RelationKind> {
  private readonly rateLinks: Repository<RateLinkRow>;
  private readonly memberLinks: Repository<MemberLinkRow>;

  protected constructor(
    dataSource: DataSource,
    rateLink: EntityTarget<RateLinkRow>,
    memberLink: EntityTarget<MemberLinkRow>,
    private readonly owner: (storeId: string, id: string) => Promise<E & { id: string }>,
    private readonly rates: RatesService,
  ) {
    this.rateLinks = dataSource.getRepository(rateLink);
    this.memberLinks = dataSource.getRepository(memberLink);
  }

  async add(storeId: string, ownerId: string, kind: RelationKind, ids: readonly string[]): Promise<E> {
    const owner = await this.owner(storeId, ownerId);
    // One millisecond apart, so the ids of one call keep the order they were given in.
    const base = nowMs().getTime();
    const createdAt = (i: number) => new Date(base + i);
    if (kind === 'RATE') {
      const rateIds = [...new Set(ids.map((id) => id.toLowerCase()))];
      await this.rates.rows.assertExist(storeId, rateIds);
      await this.rateLinks
        .createQueryBuilder()
        .insert()
        .values(rateIds.map((rateId, i) => ({ ownerId: owner.id, rateId, storeId, createdAt: createdAt(i) })))
        .orIgnore()
        .execute();
    } else {
      await this.memberLinks
        .createQueryBuilder()
        .insert()
        .values(
          [...new Set(ids)].map((memberId, i) => ({
            ownerId: owner.id,
            kind,
            memberId,
            storeId,
            createdAt: createdAt(i),
          })),
        )
        .orIgnore()
        .execute();
    }
    return this.owner(storeId, ownerId);
  }

  async remove(storeId: string, ownerId: string, kind: RelationKind, ids: readonly string[]): Promise<E> {
    const owner = await this.owner(storeId, ownerId);
    if (kind === 'RATE') {
      await this.rateLinks.delete({
        ownerId: owner.id,
        storeId,
        rateId: In(ids.map((id) => id.toLowerCase())),
      });
    } else {
      await this.memberLinks.delete({ ownerId: owner.id, storeId, kind, memberId: In([...ids]) });
    }
    return this.owner(storeId, ownerId);
  }

  /** The rates of each owner, in the order they were added. */
  async ratesOf(storeId: string, ownerIds: readonly string[]): Promise<Map<string, RateEntity[]>> {
    if (ownerIds.length === 0) return new Map();
    const links = await this.rateLinks
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.rate', 'r')
      .where('l.storeId = :storeId AND l.ownerId IN (:...ownerIds)', { storeId, ownerIds })
      .orderBy('l.createdAt', 'ASC')
      .addOrderBy('l.rateId', 'ASC')
      .getMany();
    const grouped = groupBy(links, (l) => l.ownerId);
    return new Map([...grouped].map(([id, rows]) => [id, rows.map((l) => l.rate as RateEntity)]));
  }

  /** The catalog members of each owner, by kind, in the order they were added. */
  async membersOf(storeId: string, ownerIds: readonly string[]): Promise<Map<string, OwnerMembers>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await this.memberLinks.find({
      where: { storeId, ownerId: In([...ownerIds]) },
      order: { createdAt: 'ASC', memberId: 'ASC' },
    });
    const result = new Map<string, OwnerMembers>();
    for (const [ownerId, links] of groupBy(rows, (r) => r.ownerId)) {
      const of = (kind: MemberKind) => links.filter((l) => l.kind === kind).map((l) => l.memberId);
      result.set(ownerId, { skuIds: of('SKU'), skuGroupIds: of('SKU_GROUP'), listIds: of('LIST') });
    }
    return result;
  }
}
