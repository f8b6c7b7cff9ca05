import { RelationService, groupBy, nowMs } from '@platform/graphql-subgraph';
import type { RateEntity } from '../rates/rate.entity';
import type { RatesService } from '../rates/rates.service';
import type { MemberKind, RelationKind } from './member-kind';
import type { OwnerLinksRepository } from './owner-links.repository';

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
  protected constructor(
    private readonly links: OwnerLinksRepository,
    private readonly owner: (storeId: string, id: string) => Promise<E & { id: string }>,
    private readonly rates: RatesService,
  ) {}

  async add(storeId: string, ownerId: string, kind: RelationKind, ids: readonly string[]): Promise<E> {
    const owner = await this.owner(storeId, ownerId);
    // One millisecond apart, so the ids of one call keep the order they were given in.
    const base = nowMs().getTime();
    const createdAt = (i: number) => new Date(base + i);
    if (kind === 'RATE') {
      const rateIds = [...new Set(ids.map((id) => id.toLowerCase()))];
      await this.rates.rows.assertExist(storeId, rateIds);
      await this.links.insertRateLinks(
        rateIds.map((rateId, i) => ({ ownerId: owner.id, rateId, storeId, createdAt: createdAt(i) })),
      );
    } else {
      await this.links.insertMemberLinks(
        [...new Set(ids)].map((memberId, i) => ({
          ownerId: owner.id,
          kind,
          memberId,
          storeId,
          createdAt: createdAt(i),
        })),
      );
    }
    return this.owner(storeId, ownerId);
  }

  async remove(storeId: string, ownerId: string, kind: RelationKind, ids: readonly string[]): Promise<E> {
    const owner = await this.owner(storeId, ownerId);
    if (kind === 'RATE') {
      await this.links.deleteRateLinks(
        storeId,
        owner.id,
        ids.map((id) => id.toLowerCase()),
      );
    } else {
      await this.links.deleteMemberLinks(storeId, owner.id, kind, ids);
    }
    return this.owner(storeId, ownerId);
  }

  /** The rates of each owner, in the order they were added. */
  async ratesOf(storeId: string, ownerIds: readonly string[]): Promise<Map<string, RateEntity[]>> {
    if (ownerIds.length === 0) return new Map();
    const links = await this.links.findRateLinks(storeId, ownerIds);
    const grouped = groupBy(links, (l) => l.ownerId);
    return new Map([...grouped].map(([id, rows]) => [id, rows.map((l) => l.rate as RateEntity)]));
  }

  /** The catalog members of each owner, by kind, in the order they were added. */
  async membersOf(storeId: string, ownerIds: readonly string[]): Promise<Map<string, OwnerMembers>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await this.links.findMemberLinks(storeId, ownerIds);
    const result = new Map<string, OwnerMembers>();
    for (const [ownerId, links] of groupBy(rows, (r) => r.ownerId)) {
      const of = (kind: MemberKind) => links.filter((l) => l.kind === kind).map((l) => l.memberId);
      result.set(ownerId, { skuIds: of('SKU'), skuGroupIds: of('SKU_GROUP'), listIds: of('LIST') });
    }
    return result;
  }
}
