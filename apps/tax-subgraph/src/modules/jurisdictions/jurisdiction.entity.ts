import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { StoreScopedColumns } from '../records/store-scoped.entity';

/**
 * A place taxes apply to: a country, optionally narrowed to a region (ISO 3166-2 subdivision
 * code without the country, "CA") and a postal-code prefix. Matching: docs/tax.md.
 */
@Entity({ schema: 'tax', name: 'jurisdictions' })
@Index('jurisdictions_store_name_key', ['storeId', 'name'], { unique: true })
@Index('jurisdictions_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('jurisdictions_store_updated_idx', ['storeId', 'updatedAt', 'id'])
@Index('jurisdictions_store_country_idx', ['storeId', 'countryCode'])
export class JurisdictionEntity extends StoreScopedColumns {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_jurisdictions' })
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  label!: string | null;

  @Column({ type: 'char', length: 2 })
  countryCode!: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  regionCode!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  postalCodePrefix!: string | null;
}
