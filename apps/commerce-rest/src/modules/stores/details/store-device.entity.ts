import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

export const DEVICE_TYPES = ['TERMINAL', 'VIRTUAL_TERMINAL'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_STATUSES = ['CREATED', 'ACTIVATED', 'DEACTIVATED'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * A payment device of a store (join `storeDevice`): a physical terminal or a virtual terminal.
 * `storeTerminalId` and `storeTerminalIdAllVTAndFirstActivated` are derived from these rows.
 */
@Entity({ schema: 'commerce', name: 'store_devices' })
@Index('store_devices_store_terminal_id_key', ['storeId', 'terminalId'], { unique: true })
@Check('store_devices_type_check', `"type" IN ('TERMINAL', 'VIRTUAL_TERMINAL')`)
@Check('store_devices_status_check', `"status" IN ('CREATED', 'ACTIVATED', 'DEACTIVATED')`)
export class StoreDeviceEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_store_devices' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_devices_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 16 })
  type!: DeviceType;

  /** The terminal id the processor knows the device by; unique within the store. */
  @Column({ type: 'varchar', length: 64 })
  terminalId!: string;

  /** Hardware serial number; virtual terminals have none. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  serialNumber!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  model!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'CREATED' })
  status!: DeviceStatus;

  @Column({ type: 'timestamptz', nullable: true })
  activatedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
