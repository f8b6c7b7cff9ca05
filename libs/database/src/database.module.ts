import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { PostgresConnectionOptions } from './postgres-options';
import { dataSourceOptions, ensureDatabase, runMigrations } from './connection';
import { MigrationSet } from './migration-set';

/** Injection token: the MigrationSets this process owns (read by the readiness check). */
export const MIGRATION_SETS = Symbol.for('platform.migration-sets');

export interface DatabaseModuleOptions {
  /** Every schema the process reads or writes, with its entities and migrations. */
  readonly sets: readonly MigrationSet[];
}

/**
 * One TypeORM DataSource per process over all the schemas it uses. On boot it creates the
 * database when missing and, with MIGRATIONS=auto (development), applies pending migrations
 * first; with MIGRATIONS=job (production) a Job applies them and readiness waits for it.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    let migrationMode: PlatformConfig['migrations'] = 'auto';
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) => {
            migrationMode = config.migrations;
            return dataSourceOptions(
              {
                url: config.databaseUrl,
                applicationName: config.serviceName,
                poolSize: config.dbPoolSize,
                poolTimeoutMs: config.dbPoolTimeoutMs,
              },
              options.sets,
            );
          },
          dataSourceFactory: async (dsOptions?: DataSourceOptions) => {
            const pgOptions = dsOptions as PostgresConnectionOptions | undefined;
            if (!pgOptions?.url) throw new Error('missing data source options');
            const connection = {
              url: pgOptions.url,
              applicationName: pgOptions.applicationName ?? 'platform',
            };
            await ensureDatabase(connection.url);
            if (migrationMode === 'auto') await runMigrations(connection, options.sets);
            return new DataSource(pgOptions).initialize();
          },
        }),
      ],
      providers: [{ provide: MIGRATION_SETS, useValue: options.sets }],
      exports: [MIGRATION_SETS, TypeOrmModule],
    };
  }
}
