import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StoreEntity } from '../store.entity';
import { StoreErrors } from '../stores.errors';

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
  constructor(private readonly dataSource: DataSource) {}

  /** 400 INVALID_REQUEST unless `name` is on the store's allow-list. */
  assertAllowed(store: AttributeStore, name: string): void {
    if (!store.attributeKeys.includes(name)) throw StoreErrors.attributeNotAllowed(name);
  }

  /** The live value; 404 BUSINESS_ATTRIBUTE_NOT_FOUND when never set, deleted or expired. */
  async get(store: AttributeStore, name: string): Promise<string> {
    this.assertAllowed(store, name);
    const rows: { value: string }[] = await this.dataSource.query(
      `SELECT "value" FROM "commerce"."store_attributes"
       WHERE "store_id" = $1 AND "name" = $2 AND ("expires_at" IS NULL OR "expires_at" > now())`,
      [store.id, name],
    );
    if (!rows.length) throw StoreErrors.attributeNotFound(name);
    return rows[0].value;
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
    await this.dataSource.query(
      `DELETE FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "expires_at" <= now()`,
      [store.id],
    );
    const rows: { value: string; expires_at: Date | null }[] = await this.dataSource.query(
      `INSERT INTO "commerce"."store_attributes" ("store_id", "name", "value", "expires_at")
       VALUES ($1, $2, $3, CASE WHEN $4::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $4::integer) END)
       ON CONFLICT ("store_id", "name") DO UPDATE
         SET "value" = EXCLUDED."value", "expires_at" = EXCLUDED."expires_at", "updated_at" = now()
       RETURNING "value", "expires_at"`,
      [store.id, name, value, ttlSeconds ?? null],
    );
    return { name, value: rows[0].value, expiresAt: rows[0].expires_at };
  }

  /** Deletes the value and returns it; 404 BUSINESS_ATTRIBUTE_NOT_FOUND when not set (or expired). */
  async delete(store: AttributeStore, name: string): Promise<string> {
    this.assertAllowed(store, name);
    const [rows]: [{ value: string; live: boolean }[], number] = await this.dataSource.query(
      `DELETE FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "name" = $2
       RETURNING "value", ("expires_at" IS NULL OR "expires_at" > now()) AS "live"`,
      [store.id, name],
    );
    if (!rows.length || !rows[0].live) throw StoreErrors.attributeNotFound(name);
    return rows[0].value;
  }
}
