import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const VARIANTS = ['PREVIEW', 'PUBLISH'] as const;
export type Variant = (typeof VARIANTS)[number];

/** What the runtime should do with a variant: STOPPED until a build is started in it. */
export const DESIRED_STATES = ['STOPPED', 'RUNNING'] as const;
export type DesiredState = (typeof DESIRED_STATES)[number];

/**
 * One of the two environments (variants) of an app, created with it by the worker. Holds the
 * runtime's desired state; later slices set currentBuildId (the build running there) and port.
 */
@Entity({ schema: 'hosting', name: 'app_environments' })
export class AppEnvironmentEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  appId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  variant!: Variant;

  @Column({ type: 'varchar', length: 16 })
  desiredState!: DesiredState;

  /** The build running (or to run) in this variant; null until the first import. */
  @Column({ type: 'uuid', nullable: true })
  currentBuildId!: string | null;

  /** The local driver's port of this variant; null while nothing runs. */
  @Column({ type: 'integer', nullable: true })
  port!: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
