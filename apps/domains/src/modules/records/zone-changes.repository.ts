import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ZoneChangeEntity } from './zone-change.entity';

/** A change's row as first written, before its counts are known. */
export type NewZoneChange = Pick<ZoneChangeEntity, 'changeId' | 'accountId' | 'zone'>;

/**
 * Storage of the internal zone changes applied (`domains.zone_changes`), one row per changeId.
 * The records' transactions hand their copy out as `RecordsRepository.zoneChanges`.
 */
@Injectable()
export class ZoneChangesRepository {
  constructor(private readonly manager: EntityManager) {}

  findById(changeId: string): Promise<ZoneChangeEntity | null> {
    return this.manager.findOneBy(ZoneChangeEntity, { changeId });
  }

  /** The change's row; throws (EntityNotFoundError) when there is none. */
  getById(changeId: string): Promise<ZoneChangeEntity> {
    return this.manager.findOneByOrFail(ZoneChangeEntity, { changeId });
  }

  /**
   * Inserts the change's row with no counts yet; false when the changeId has a row already. A
   * concurrent insert of the same changeId waits on the unique key until the other transaction ends.
   */
  async insertUnlessExists(change: NewZoneChange): Promise<boolean> {
    const inserted = await this.manager
      .createQueryBuilder()
      .insert()
      .into(ZoneChangeEntity)
      .values({ ...change, added: 0, removed: 0 })
      .orIgnore()
      .returning(['changeId'])
      .execute();
    return inserted.raw.length > 0;
  }

  async updateCounts(changeId: string, counts: Pick<ZoneChangeEntity, 'added' | 'removed'>): Promise<void> {
    await this.manager.update(ZoneChangeEntity, { changeId }, counts);
  }
}
