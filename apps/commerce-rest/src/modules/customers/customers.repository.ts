import { Injectable } from '@nestjs/common';
import { EntityManager, QueryFailedError } from 'typeorm';
import { CreatedAtIdKey, PageRequest, PageSlice, readCreatedAtIdPage } from '../paging/paging';
import { CustomerListVersionEntity } from './customer-list-version.entity';
import { CustomerEntity } from './customer.entity';

const PRIMARY_EMAIL_INDEX = 'customers_store_primary_email_uidx';

/** A customer row as written (the store relation is not loaded). */
export type CustomerRow = Omit<CustomerEntity, 'store'>;
export type CustomerChanges = Partial<Omit<CustomerRow, 'id' | 'storeId' | 'createdAt'>>;

/** Whether `e` is the unique index on (store, primary e-mail) refusing a write. */
export function isPrimaryEmailTaken(e: unknown): boolean {
  if (!(e instanceof QueryFailedError)) return false;
  const driverError = e.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === PRIMARY_EMAIL_INDEX;
}

/**
 * Storage of customers and of each store's customer-list version (its Last-Modified).
 * `transaction(work)` runs `work` with a copy bound to one transaction.
 */
@Injectable()
export class CustomersRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CustomersRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CustomersRepository(manager)));
  }

  /** When the store's list last changed; null when it was never written. */
  async findListChangedAt(storeId: string): Promise<Date | null> {
    const version = await this.manager
      .getRepository(CustomerListVersionEntity)
      .findOne({ where: { storeId } });
    return version?.changedAt ?? null;
  }

  /** One page of the store's customers, oldest first (createdAt, id): by key after a page token, else by offset. */
  findPage(storeId: string, page: PageRequest<CreatedAtIdKey>): Promise<PageSlice<CustomerEntity>> {
    const base = this.manager
      .getRepository(CustomerEntity)
      .createQueryBuilder('c')
      .where('c.storeId = :storeId', { storeId });
    return readCreatedAtIdPage(base, page);
  }

  findInStore(storeId: string, customerId: string): Promise<CustomerEntity | null> {
    return this.manager.getRepository(CustomerEntity).findOne({ where: { id: customerId, storeId } });
  }

  /** The customer, its row locked until the transaction ends. */
  findInStoreForUpdate(storeId: string, customerId: string): Promise<CustomerEntity | null> {
    return this.manager.getRepository(CustomerEntity).findOne({
      where: { id: customerId, storeId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Inserts the customer; a taken primary e-mail throws (see isPrimaryEmailTaken). */
  async insert(row: CustomerRow): Promise<CustomerEntity> {
    const customers = this.manager.getRepository(CustomerEntity);
    const customer = customers.create(row);
    await customers.insert(customer);
    return customer;
  }

  /** A taken primary e-mail throws (see isPrimaryEmailTaken). */
  async update(customerId: string, changes: CustomerChanges): Promise<void> {
    await this.manager.getRepository(CustomerEntity).update({ id: customerId }, changes);
  }

  /**
   * Moves the store's customer-list version to max(previous + 1 ms, now) and returns it. The
   * upsert holds the version row's lock until the transaction ends, so versions are strictly
   * increasing in commit order per store.
   */
  async bumpListVersion(storeId: string): Promise<Date> {
    const rows: { changed_at: Date }[] = await this.manager.query(
      `INSERT INTO "commerce"."customer_list_versions" AS v ("store_id", "changed_at")
       VALUES ($1, date_trunc('milliseconds', clock_timestamp()))
       ON CONFLICT ("store_id") DO UPDATE SET "changed_at" =
         greatest(v."changed_at" + interval '1 millisecond', date_trunc('milliseconds', clock_timestamp()))
       RETURNING "changed_at"`,
      [storeId],
    );
    return rows[0].changed_at;
  }
}
