import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { StoreAccessService } from '../access/store-access.service';
import { ModifiedSince, isModifiedSince } from '../paging/if-modified-since';
import type { CreatedAtIdKey, PageRequest, PageSlice } from '../paging/paging';
import {
  CustomerInput,
  CustomerPatch,
  mergeCustomer,
  newCustomerState,
  primaryEmailOf,
  sameState,
  stateOf,
} from './customer-rules';
import type { CustomerEntity } from './customer.entity';
import { CustomerErrors } from './customers.errors';
import { CustomersRepository, isPrimaryEmailTaken } from './customers.repository';

/** A page of customers, or "not modified" when the caller's copy is current. */
export type CustomerListResult =
  | { readonly notModified: true; readonly lastModified: Date }
  | { readonly notModified: false; readonly lastModified: Date; readonly slice: PageSlice<CustomerEntity> };

/**
 * Customers of a store. Every read and write resolves the store through StoreAccessService first
 * (a store the caller cannot see is 404 STORE_NOT_FOUND); a customer id is always looked up
 * together with its store, so another store's customer is 404 CUSTOMER_NOT_FOUND.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly access: StoreAccessService,
    private readonly customers: CustomersRepository,
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
    // Never written: the list is as old as the store.
    const lastModified = (await this.customers.findListChangedAt(store.id)) ?? store.createdAt;
    if (modifiedSince && !isModifiedSince(lastModified, modifiedSince)) {
      return { notModified: true, lastModified };
    }
    return { notModified: false, lastModified, slice: await this.customers.findPage(store.id, page) };
  }

  async get(accountId: string, storeId: string, customerId: string): Promise<CustomerEntity> {
    const store = await this.access.visibleStore(accountId, storeId);
    const customer = await this.customers.findInStore(store.id, customerId);
    if (!customer) throw CustomerErrors.customerNotFound();
    return customer;
  }

  /** 409 CUSTOMER_ALREADY_EXISTS when the primary e-mail is taken in the store (unique index). */
  async create(accountId: string, storeId: string, input: CustomerInput): Promise<CustomerEntity> {
    const store = await this.access.visibleStore(accountId, storeId);
    const state = newCustomerState(input);
    return this.customers.transaction(async (tx) => {
      const at = await tx.bumpListVersion(store.id);
      try {
        return await tx.insert({
          id: randomUUID(),
          storeId: store.id,
          ...state,
          primaryEmail: primaryEmailOf(state.emails),
          createdAt: at,
          updatedAt: at,
        });
      } catch (e) {
        throw isPrimaryEmailTaken(e) ? CustomerErrors.customerAlreadyExists() : e;
      }
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
    return this.customers.transaction(async (tx) => {
      const current = await tx.findInStoreForUpdate(store.id, customerId);
      if (!current) throw CustomerErrors.customerNotFound();
      const next = mergeCustomer(stateOf(current), patch);
      if (sameState(stateOf(current), next)) return current;
      const at = await tx.bumpListVersion(store.id);
      const changes = { ...next, primaryEmail: primaryEmailOf(next.emails), updatedAt: at };
      try {
        await tx.update(current.id, changes);
      } catch (e) {
        throw isPrimaryEmailTaken(e) ? CustomerErrors.customerAlreadyExists() : e;
      }
      return Object.assign(current, changes);
    });
  }
}
