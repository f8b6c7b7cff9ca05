import { Injectable } from '@nestjs/common';
import { EntityManager, In, Not } from 'typeorm';
import { violatesUnique } from '../order-model/unique-violation';
import { DiscountCodeEntity } from './discount-code.entity';

/** Whether `e` is the unique index on (store, code key) refusing an insert. */
export function isCodeTaken(e: unknown): boolean {
  return violatesUnique(e, 'discount_codes_store_code_key');
}

/** Storage of the stores' discount codes (`orders.discount_codes`). */
@Injectable()
export class DiscountCodesRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Gives the store's ARCHIVED code of `codeKey`, if any, the key `renamedKey`. */
  async renameArchived(storeId: string, codeKey: string, renamedKey: string): Promise<void> {
    await this.manager
      .getRepository(DiscountCodeEntity)
      .update({ storeId, codeKey, status: 'ARCHIVED' }, { codeKey: renamedKey });
  }

  /** A taken code throws (see isCodeTaken). */
  async insert(row: DiscountCodeEntity): Promise<void> {
    await this.manager.getRepository(DiscountCodeEntity).insert(row);
  }

  /** The store's codes that are not archived, newest first, at most `take`. */
  findUnarchived(storeId: string, take: number): Promise<DiscountCodeEntity[]> {
    return this.manager.getRepository(DiscountCodeEntity).find({
      where: { storeId, status: Not('ARCHIVED') },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
    });
  }

  findInStore(storeId: string, id: string): Promise<DiscountCodeEntity | null> {
    return this.manager.getRepository(DiscountCodeEntity).findOne({ where: { id, storeId } });
  }

  save(row: DiscountCodeEntity): Promise<DiscountCodeEntity> {
    return this.manager.getRepository(DiscountCodeEntity).save(row);
  }

  /** The store's codes of the given keys, archived ones included. */
  findByKeys(storeId: string, codeKeys: string[]): Promise<DiscountCodeEntity[]> {
    return this.manager.getRepository(DiscountCodeEntity).find({ where: { storeId, codeKey: In(codeKeys) } });
  }
}
