import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { BusinessGovernmentIdEntity } from './business-government-id.entity';

/** A sealed government id to insert. */
export type NewGovernmentId = Pick<
  BusinessGovernmentIdEntity,
  'businessId' | 'type' | 'position' | 'governmentIdCiphertext'
>;

/**
 * Storage of the government ids of businesses (`commerce.business_government_ids`), sealed.
 * `transaction(work)` runs `work` with a copy bound to one transaction.
 */
@Injectable()
export class GovernmentIdsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: GovernmentIdsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new GovernmentIdsRepository(manager)));
  }

  /** Locks the business's row until the transaction ends: replacements of its set run one after the other. */
  async lockBusiness(businessId: string): Promise<void> {
    await this.manager.query('SELECT 1 FROM "commerce"."businesses" WHERE "id" = $1 FOR UPDATE', [
      businessId,
    ]);
  }

  findForBusiness(businessId: string): Promise<BusinessGovernmentIdEntity[]> {
    return this.manager.getRepository(BusinessGovernmentIdEntity).find({ where: { businessId } });
  }

  async deleteByIds(ids: readonly string[]): Promise<void> {
    await this.manager.getRepository(BusinessGovernmentIdEntity).delete({ id: In([...ids]) });
  }

  /** Moves the id to `position`; writes nothing when it is already there. */
  async updatePosition(id: string, position: number): Promise<void> {
    await this.manager.query(
      'UPDATE "commerce"."business_government_ids" SET "position" = $2 WHERE "id" = $1 AND "position" <> $2',
      [id, position],
    );
  }

  async insertMany(rows: NewGovernmentId[]): Promise<void> {
    await this.manager.getRepository(BusinessGovernmentIdEntity).insert(rows);
  }
}
