import type { DataSourceOptions } from 'typeorm';

/** TypeORM's Postgres options (its package exports map hides the driver's own module path). */
export type PostgresConnectionOptions = Extract<DataSourceOptions, { type: 'postgres' }>;
