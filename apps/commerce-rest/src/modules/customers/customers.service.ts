import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError, Repository } from 'typeorm';
import { StoreAccessService } from '../access/store-access.service';
import { ModifiedSince, isModifiedSince } from '../paging/if-modified-since';
import { CreatedAtIdKey, PageRequest, PageSlice, readCreatedAtIdPage } from '../paging/paging';
import { CustomerListVersionEntity } from './customer-list-version.entity';
import {
  CustomerInput,
  CustomerPatch,
  mergeCustomer,
  newCustomerState,
  primaryEmailOf,
  sameState,
  stateOf,
} from './customer-rules';
import { CustomerEntity } from './customer.entity';
import { CustomerErrors } from './customers.errors';

const PRIMARY_EMAIL_INDEX = 'customers_store_primary_email_uidx';

/** A page of customers, or "not modified" when the caller's copy is current. */
export type CustomerListResult =
  | { readonly notModified: true; readonly lastModified: Date }
  | { readonly notModified: false; readonly lastModified: Date; readonly slice: PageSlice<CustomerEntity> };

function isPrimaryEmailTaken(e: unknown): boolean {
  if (!(e instanceof QueryFailedError)) return false;
  const driverError = e.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === PRIMARY_EMAIL_INDEX;
}

/**
 * Customers of a store. Every read and write resolves the store through StoreAccessService first
 * (a store the caller cannot see is 404 STORE_NOT_FOUND); a customer id is always looked up
 * together with its store, so another store's customer is 404 CUSTOMER_NOT_FOUND.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly access: StoreAccessService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(CustomerListVersionEntity)
    private readonly versions: Repository<CustomerListVersionEntity>,
  ) {}

  /**
   * One page, oldest first (createdAt, id). The list's version is read before the rows, so a
   * Last-Modified is never newer than the rows it goes with (a write in between at worst causes
   * one more full read later, never a missed change).
   */
  async list(
    accountId: string,
    storeId: string,
    page: PageRequest<CreatedAtIdKey>,
    modifiedSince?: ModifiedSince,
  ): Promise<CustomerListResult> {
    const store = await this.access.visibleStore(accountId, storeId);
    const version = await this.versions.findOne({ where: { storeId: store.id } });
    // Never written: the list is as old as the store.
    const lastModified = version?.changedAt ?? store.createdAt;
    if (modifiedSince && !isModifiedSince(lastModified, modifiedSince)) {
      return { notModified: true, lastModified };
    }
    const base = this.customers.createQueryBuilder('c').where('c.storeId = :storeId', { storeId: store.id });
    return { notModified: false, lastModified, slice: await readCreatedAtIdPage(base, page) };
  }

  async get(accountId: string, storeId: string, customerId: string): Promise<CustomerEntity> {
    const store = await this.access.visibleStore(accountId, storeId);
    const customer = await this.customers.findOne({ where: { id: customerId, storeId: store.id } });
    if (!customer) throw CustomerErrors.customerNotFound();
    return customer;
  }

  /** 409 CUSTOMER_ALREADY_EXISTS when the primary e-mail is taken in the store (unique index). */
  async create(accountId: string, storeId: string, input: CustomerInput): Promise<CustomerEntity> {
    const store = await this.access.visibleStore(accountId, storeId);
    const state = newCustomerState(input);
    return this.dataSource.transaction(async (tx) => {
      const at = await this.bumpListVersion(tx, store.id);
      const customer = tx.getRepository(CustomerEntity).create({
        id: randomUUID(),
        storeId: store.id,
        ...state,
        primaryEmail: primaryEmailOf(state.emails),
        createdAt: at,
        updatedAt: at,
      });
      try {
        await tx.getRepository(CustomerEntity).insert(customer);
      } catch (e) {
        throw isPrimaryEmailTaken(e) ? CustomerErrors.customerAlreadyExists() : e;
      }
      return customer;
    });
  }

  /**
   * Applies a JSON merge patch under the customer's row lock. A patch that changes nothing writes
   * nothing (updatedAt and the list's Last-Modified stay).
   */
  async update(
    accountId: string,
    storeId: string,
    customerId: string,
    patch: CustomerPatch,
  ): Promise<CustomerEntity> {
    const store = await this.access.visibleStore(accountId, storeId);
    return this.dataSource.transaction(async (tx) => {
      const customers = tx.getRepository(CustomerEntity);
      const current = await customers.findOne({
        where: { id: customerId, storeId: store.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) throw CustomerErrors.customerNotFound();
      const next = mergeCustomer(stateOf(current), patch);
      if (sameState(stateOf(current), next)) return current;
      const at = await this.bumpListVersion(tx, store.id);
      const changes = { ...next, primaryEmail: primaryEmailOf(next.emails), updatedAt: at };
      try {
        await customers.update({ id: current.id }, changes);
      } catch (e) {
        throw isPrimaryEmailTaken(e) ? CustomerErrors.customerAlreadyExists() : e;
      }
      return Object.assign(current, changes);
    });
  }

  /**
   * Moves the store's customer-list version to max(previous + 1 ms, now) and returns it. The
   * upsert holds the version row's lock until the transaction ends, so versions are strictly
   * increasing in commit order per store.
   */
  private async bumpListVersion(tx: EntityManager, storeId: string): Promise<Date> {
    const rows: { changed_at: Date }[] = await tx.query(
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
