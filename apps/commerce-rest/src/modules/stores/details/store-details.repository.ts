import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StoreEntity } from '../store.entity';
import { BusinessAgreementEntity } from './business-agreement.entity';
import { StoreAddressEntity } from './store-address.entity';
import { StoreDeviceEntity } from './store-device.entity';
import { StorePaymentAttributeEntity } from './store-payment-attribute.entity';
import { StorePhoneEntity } from './store-phone.entity';
import { StoreProcessorDataEntity } from './store-processor-data.entity';

type Written<E> = Omit<E, 'createdAt' | 'updatedAt'>;

export type StorePhoneRow = Written<StorePhoneEntity>;
export type StoreAddressRow = Written<StoreAddressEntity>;
export type NewStoreDevice = Omit<Written<StoreDeviceEntity>, 'id'>;
export type StoreProcessorDataRow = Written<StoreProcessorDataEntity>;
export type NewBusinessAgreement = Omit<BusinessAgreementEntity, 'id' | 'createdAt'>;

export interface StoreBundleRow {
  readonly storeId: string;
  readonly name: string;
  readonly type: string | null;
  readonly featureList: string[];
  readonly featureConfig: Record<string, unknown>;
}

/**
 * Storage of the records behind GET store's optional joins (phone, address, payment attributes,
 * devices, processor data, agreements, bundles). `transaction(work)` runs `work` with a copy bound
 * to one transaction; `lockStore` inside it keeps the store's details written one writer at a time.
 */
@Injectable()
export class StoreDetailsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: StoreDetailsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new StoreDetailsRepository(manager)));
  }

  /** The store, its row locked until the transaction ends; null when there is no such store. */
  lockStore(storeId: string): Promise<StoreEntity | null> {
    return this.manager
      .getRepository(StoreEntity)
      .findOne({ where: { id: storeId }, lock: { mode: 'pessimistic_write' } });
  }

  async upsertPhone(phone: StorePhoneRow): Promise<void> {
    await this.manager.getRepository(StorePhoneEntity).upsert(phone, ['storeId']);
  }

  async upsertAddress(address: StoreAddressRow): Promise<void> {
    await this.manager.getRepository(StoreAddressEntity).upsert(address, ['storeId']);
  }

  /** The store's payment attributes become exactly `entries`. */
  async replacePaymentAttributes(storeId: string, entries: readonly [string, string][]): Promise<void> {
    const repo = this.manager.getRepository(StorePaymentAttributeEntity);
    await repo.delete({ storeId });
    if (entries.length) await repo.insert(entries.map(([name, value]) => ({ storeId, name, value })));
  }

  /** Inserts the device; returns its id. */
  async insertDevice(device: NewStoreDevice): Promise<string> {
    const devices = this.manager.getRepository(StoreDeviceEntity);
    const saved = await devices.save(devices.create(device));
    return saved.id;
  }

  /** The store's processor data becomes exactly `rows`. */
  async replaceProcessorData(storeId: string, rows: StoreProcessorDataRow[]): Promise<void> {
    const repo = this.manager.getRepository(StoreProcessorDataEntity);
    await repo.delete({ storeId });
    if (rows.length) await repo.insert(rows);
  }

  findProcessorData(storeId: string, name: string): Promise<StoreProcessorDataEntity | null> {
    return this.manager.getRepository(StoreProcessorDataEntity).findOneBy({ storeId, name });
  }

  /** Inserts the acceptance unless that version is already recorded for the business. */
  async insertAgreementIfNew(agreement: NewBusinessAgreement): Promise<void> {
    await this.manager
      .getRepository(BusinessAgreementEntity)
      .createQueryBuilder()
      .insert()
      .values(agreement)
      .orIgnore()
      .execute();
  }

  /** Creates the bundle, or replaces the store's bundle of that name; returns its id. */
  async upsertBundle(bundle: StoreBundleRow): Promise<string> {
    const rows: { id: string }[] = await this.manager.query(
      `INSERT INTO "commerce"."store_subscribed_bundles" ("store_id", "name", "type", "feature_list", "feature_config")
       VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT ("store_id", "name") DO UPDATE SET "type" = EXCLUDED."type",
         "feature_list" = EXCLUDED."feature_list", "feature_config" = EXCLUDED."feature_config", "updated_at" = now()
       RETURNING "id"`,
      [bundle.storeId, bundle.name, bundle.type, bundle.featureList, JSON.stringify(bundle.featureConfig)],
    );
    return rows[0].id;
  }
}
