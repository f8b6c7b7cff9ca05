import { Injectable } from '@nestjs/common';
import { TokenService } from '@platform/auth';
import { EntityManager } from 'typeorm';
import { BusinessEntity } from '../businesses/business.entity';
import type { GovernmentIdType } from './government-ids/business-government-id.entity';
import type { StoreJoin } from './store-joins';
import type { StoreProcessor, StoreStatus } from './store-processor';
import { StoreEntity } from './store.entity';

/** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it, computed by Postgres. */
function iso(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const LIVE_ATTRIBUTE = `a."store_id" = s."id" AND a."name" = ANY (s."attribute_keys") AND (a."expires_at" IS NULL OR a."expires_at" > now())`;

const FIRST_ACTIVATED = `ORDER BY d."activated_at" NULLS LAST, d."created_at", d."id" LIMIT 1`;

/**
 * One scalar sub-select per optional join, evaluated inside the store's own query: a GET store is
 * one round trip whatever it includes, and each sub-select reads one store's rows through an index.
 */
const JOIN_SQL: Readonly<Record<StoreJoin, string>> = {
  phone: `(SELECT json_build_object('type', p."type", 'details', json_build_object(
      'countryCode', p."country_code", 'nationalNumber', p."national_number", 'extensionNumber', p."extension_number"))
    FROM "commerce"."store_phones" p WHERE p."store_id" = s."id")`,
  address: `(SELECT json_build_object('addressLine1', a."address_line1", 'addressLine2', a."address_line2",
      'addressLine3', a."address_line3", 'adminArea1', a."admin_area1", 'adminArea2', a."admin_area2",
      'adminArea3', a."admin_area3", 'adminArea4', a."admin_area4", 'postalCode', a."postal_code",
      'countryCode', a."country_code")
    FROM "commerce"."store_addresses" a WHERE a."store_id" = s."id")`,
  attributes: `(SELECT coalesce(json_object_agg(a."name", a."value" ORDER BY a."name"), '{}'::json)
    FROM "commerce"."store_attributes" a WHERE ${LIVE_ATTRIBUTE})`,
  storeAttributes: `(SELECT coalesce(json_agg(json_build_object('name', a."name", 'value', a."value",
      'expiresAt', ${iso('a."expires_at"')}, 'createdAt', ${iso('a."created_at"')}, 'updatedAt', ${iso('a."updated_at"')})
      ORDER BY a."name"), '[]'::json)
    FROM "commerce"."store_attributes" a WHERE ${LIVE_ATTRIBUTE})`,
  paymentAttributes: `(SELECT coalesce(json_object_agg(pa."name", pa."value" ORDER BY pa."name"), '{}'::json)
    FROM "commerce"."store_payment_attributes" pa WHERE pa."store_id" = s."id")`,
  storeDevice: `(SELECT coalesce(json_agg(json_build_object('id', d."id", 'type', d."type", 'terminalId', d."terminal_id",
      'serialNumber', d."serial_number", 'model', d."model", 'status', d."status",
      'activatedAt', ${iso('d."activated_at"')}, 'createdAt', ${iso('d."created_at"')}, 'updatedAt', ${iso('d."updated_at"')})
      ORDER BY d."created_at", d."id"), '[]'::json)
    FROM "commerce"."store_devices" d WHERE d."store_id" = s."id")`,
  storeTerminalId: `(SELECT d."terminal_id" FROM "commerce"."store_devices" d
    WHERE d."store_id" = s."id" AND d."type" = 'TERMINAL' AND d."status" = 'ACTIVATED' ${FIRST_ACTIVATED})`,
  storeTerminalIdAllVTAndFirstActivated: `(SELECT d."terminal_id" FROM "commerce"."store_devices" d
    WHERE d."store_id" = s."id" AND d."status" = 'ACTIVATED' ${FIRST_ACTIVATED})`,
  // Sensitive values never leave the database on this path: they are read as NULL and shown masked.
  processorData: `(SELECT coalesce(json_object_agg(x."name", CASE WHEN x."sensitive" THEN NULL ELSE x."value" END
      ORDER BY x."name"), '{}'::json)
    FROM "commerce"."store_processor_data" x WHERE x."store_id" = s."id")`,
  processorDataNonSensitive: `(SELECT coalesce(json_object_agg(x."name", x."value" ORDER BY x."name"), '{}'::json)
    FROM "commerce"."store_processor_data" x WHERE x."store_id" = s."id" AND NOT x."sensitive")`,
  businessAgreement: `(SELECT json_build_object('type', ba."type", 'version', ba."version",
      'acceptedAt', ${iso('ba."accepted_at"')}, 'acceptedBy', ba."accepted_by")
    FROM "commerce"."business_agreements" ba WHERE ba."business_id" = s."business_id"
    ORDER BY ba."accepted_at" DESC, ba."created_at" DESC, ba."id" DESC LIMIT 1)`,
  subscribedBundles: `(SELECT coalesce(json_agg(json_build_object('id', sb."id", 'name', sb."name",
      'featureList', sb."feature_list", 'featureConfig', sb."feature_config", 'type', sb."type",
      'createdAt', ${iso('sb."created_at"')}, 'updatedAt', ${iso('sb."updated_at"')}) ORDER BY sb."name"), '[]'::json)
    FROM "commerce"."store_subscribed_bundles" sb WHERE sb."store_id" = s."id")`,
};

const GOVERNMENT_IDS_SQL = `(SELECT coalesce(json_agg(json_build_object('type', g."type",
    'box', encode(g."government_id_ciphertext", 'hex'), 'createdAt', ${iso('g."created_at"')},
    'updatedAt', ${iso('g."updated_at"')}) ORDER BY g."position", g."id"), '[]'::json)
  FROM "commerce"."business_government_ids" g WHERE g."business_id" = s."business_id")`;

/**
 * The store `$1` if account `$2` may see it (it owns the store's business: the rule of
 * StoreAccessService), with its government ids and the requested joins, in one statement.
 */
function storeQuery(joins: readonly StoreJoin[]): string {
  const joinColumns = joins.map((j) => `,\n  ${JOIN_SQL[j]} AS "j_${j}"`).join('');
  return `SELECT s."id", s."business_id", s."display_name", s."status", s."currency", s."timezone",
  s."acquirer", s."processor", s."external_store_id", s."fixed_location", s."mock_processor",
  s."longitude", s."latitude", s."default_channel_id", s."default_retail_channel_id", s."owner_id",
  s."created_at", s."updated_at",
  ${GOVERNMENT_IDS_SQL} AS "government_ids"${joinColumns}
FROM "commerce"."stores" s
JOIN "commerce"."businesses" b ON b."id" = s."business_id"
WHERE s."id" = $1 AND b."account_id" = $2`;
}

export interface StoreRow {
  id: string;
  business_id: string;
  display_name: string;
  status: StoreStatus;
  currency: string;
  timezone: string;
  acquirer: StoreProcessor | null;
  processor: StoreProcessor;
  external_store_id: string | null;
  fixed_location: boolean;
  mock_processor: boolean;
  longitude: number | null;
  latitude: number | null;
  default_channel_id: string | null;
  default_retail_channel_id: string | null;
  owner_id: string;
  created_at: Date;
  updated_at: Date;
  government_ids: { type: GovernmentIdType; box: string; createdAt: string; updatedAt: string }[];
  [join: `j_${string}`]: unknown;
}

/** What a new store is made of (the provisioning service decides the values). */
export type NewStore = Pick<
  StoreEntity,
  | 'businessId'
  | 'ownerId'
  | 'displayName'
  | 'currency'
  | 'timezone'
  | 'processor'
  | 'acquirer'
  | 'mockProcessor'
  | 'attributeKeys'
>;

/**
 * Storage of stores and their businesses (schema `commerce`): GET store's one statement, and the
 * writes of store provisioning. `transaction(work)` runs `work` with a copy bound to one transaction.
 */
@Injectable()
export class StoresRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: StoresRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new StoresRepository(manager)));
  }

  /**
   * The row of store `storeId` when `accountId` owns its business, with its government ids and
   * `joins`, in one statement (one round trip whatever the joins); undefined otherwise.
   */
  async findStoreForAccount(
    storeId: string,
    accountId: string,
    joins: readonly StoreJoin[],
  ): Promise<StoreRow | undefined> {
    const rows: StoreRow[] = await this.manager.query(storeQuery(joins), [storeId, accountId]);
    return rows[0];
  }

  findById(storeId: string): Promise<StoreEntity | null> {
    return this.manager.getRepository(StoreEntity).findOneBy({ id: storeId });
  }

  accountExists(accountId: string): Promise<boolean> {
    return new TokenService(this.manager.dataSource).accountExists(accountId);
  }

  /** Until the transaction ends, other transactions wait here for the same account (advisory lock). */
  async lockAccountBusinesses(accountId: string): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`business:${accountId}`]);
  }

  /** The account's oldest business (its default one), if it has one. */
  findDefaultBusiness(accountId: string): Promise<BusinessEntity | null> {
    return this.manager
      .getRepository(BusinessEntity)
      .findOne({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  insertBusiness(accountId: string, name: string): Promise<BusinessEntity> {
    const businesses = this.manager.getRepository(BusinessEntity);
    return businesses.save(businesses.create({ accountId, name }));
  }

  insertStore(store: NewStore): Promise<StoreEntity> {
    const stores = this.manager.getRepository(StoreEntity);
    return stores.save(stores.create(store));
  }
}
