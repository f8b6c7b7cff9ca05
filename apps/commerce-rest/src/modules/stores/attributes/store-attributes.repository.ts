import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** A value as written: Postgres computed its expiry (`now()`), so every process agrees on it. */
export interface WrittenAttribute {
  readonly value: string;
  readonly expires_at: Date | null;
}

/** A value as deleted, and whether it was still live (not expired) when it went. */
export interface DeletedAttribute {
  readonly value: string;
  readonly live: boolean;
}

/** Storage of store attributes (`commerce.store_attributes`); expiry is always `now()` of Postgres. */
@Injectable()
export class StoreAttributesRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The live (never set, deleted or expired: undefined) value of `name`. */
  async findLiveValue(storeId: string, name: string): Promise<string | undefined> {
    const rows: { value: string }[] = await this.manager.query(
      `SELECT "value" FROM "commerce"."store_attributes"
       WHERE "store_id" = $1 AND "name" = $2 AND ("expires_at" IS NULL OR "expires_at" > now())`,
      [storeId, name],
    );
    return rows[0]?.value;
  }

  /** Deletes the store's expired values. */
  async deleteExpiredOfStore(storeId: string): Promise<void> {
    await this.manager.query(
      `DELETE FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "expires_at" <= now()`,
      [storeId],
    );
  }

  /** Creates or replaces the value; it expires `ttlSeconds` from now, or never without. */
  async upsert(
    storeId: string,
    name: string,
    value: string,
    ttlSeconds: number | null,
  ): Promise<WrittenAttribute> {
    const rows: WrittenAttribute[] = await this.manager.query(
      `INSERT INTO "commerce"."store_attributes" ("store_id", "name", "value", "expires_at")
       VALUES ($1, $2, $3, CASE WHEN $4::integer IS NULL THEN NULL ELSE now() + make_interval(secs => $4::integer) END)
       ON CONFLICT ("store_id", "name") DO UPDATE
         SET "value" = EXCLUDED."value", "expires_at" = EXCLUDED."expires_at", "updated_at" = now()
       RETURNING "value", "expires_at"`,
      [storeId, name, value, ttlSeconds],
    );
    return rows[0];
  }

  /** Deletes the value of `name` (expired or not) and returns it; undefined when there was none. */
  async delete(storeId: string, name: string): Promise<DeletedAttribute | undefined> {
    const [rows]: [DeletedAttribute[], number] = await this.manager.query(
      `DELETE FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "name" = $2
       RETURNING "value", ("expires_at" IS NULL OR "expires_at" > now()) AS "live"`,
      [storeId, name],
    );
    return rows[0];
  }

  /**
   * Deletes expired store attributes of every store, `batchSize` rows at a time along the
   * `expires_at` index; `FOR UPDATE SKIP LOCKED`, so several workers purging at once skip each
   * other's rows. Reads never depend on it (they filter on `expires_at > now()`). Returns how many
   * rows went.
   */
  async purgeExpired(batchSize = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const [, affected]: [unknown[], number] = await this.manager.query(
        `DELETE FROM "commerce"."store_attributes"
         WHERE ("store_id", "name") IN (
           SELECT "store_id", "name" FROM "commerce"."store_attributes"
           WHERE "expires_at" <= now() ORDER BY "expires_at" LIMIT $1 FOR UPDATE SKIP LOCKED)`,
        [batchSize],
      );
      total += affected;
      if (affected < batchSize) return total;
    }
  }
}
