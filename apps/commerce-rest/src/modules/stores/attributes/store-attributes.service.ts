import { Injectable } from '@nestjs/common';
import type { StoreEntity } from '../store.entity';
import { StoreErrors } from '../stores.errors';
import { StoreAttributesRepository } from './store-attributes.repository';

/** Longest attribute value (the public schema's maxLength of an attribute). */
export const MAX_ATTRIBUTE_VALUE_LENGTH = 256;
/** Longest ttl of an ephemeral attribute: one year. */
export const MAX_ATTRIBUTE_TTL_S = 31_536_000;

export interface SetAttributeResult {
  readonly name: string;
  readonly value: string;
  readonly expiresAt: Date | null;
}

type AttributeStore = Pick<StoreEntity, 'id' | 'attributeKeys'>;

/**
 * Store attributes: string values under the keys of the store's allow-list. An ephemeral one
 * (set with a ttl) is invisible from its expiresAt on, whatever the purge has done yet; expiry is
 * computed by Postgres (`now()`), so every process agrees on it.
 */
@Injectable()
export class StoreAttributesService {
  constructor(private readonly attributes: StoreAttributesRepository) {}

  /** 400 INVALID_REQUEST unless `name` is on the store's allow-list. */
  assertAllowed(store: AttributeStore, name: string): void {
    if (!store.attributeKeys.includes(name)) throw StoreErrors.attributeNotAllowed(name);
  }

  /** The live value; 404 BUSINESS_ATTRIBUTE_NOT_FOUND when never set, deleted or expired. */
  async get(store: AttributeStore, name: string): Promise<string> {
    this.assertAllowed(store, name);
    const value = await this.attributes.findLiveValue(store.id, name);
    if (value === undefined) throw StoreErrors.attributeNotFound(name);
    return value;
  }

  /**
   * Creates or replaces the value. With `ttlSeconds` it expires that long from now; without, it
   * persists (replacing an ephemeral value with a persistent one makes it persistent).
   */
  async set(
    store: AttributeStore,
    name: string,
    value: string,
    ttlSeconds?: number,
  ): Promise<SetAttributeResult> {
    this.assertAllowed(store, name);
    // An expired row is gone before the new value arrives, so it does not lend its createdAt.
    await this.attributes.deleteExpiredOfStore(store.id);
    const written = await this.attributes.upsert(store.id, name, value, ttlSeconds ?? null);
    return { name, value: written.value, expiresAt: written.expires_at };
  }

  /** Deletes the value and returns it; 404 BUSINESS_ATTRIBUTE_NOT_FOUND when not set (or expired). */
  async delete(store: AttributeStore, name: string): Promise<string> {
    this.assertAllowed(store, name);
    const deleted = await this.attributes.delete(store.id, name);
    if (!deleted?.live) throw StoreErrors.attributeNotFound(name);
    return deleted.value;
  }
}
