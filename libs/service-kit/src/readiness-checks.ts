import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MIGRATION_SETS, MigrationSet, REDIS, pendingMigrations } from '@platform/database';
import type { ReadinessCheck } from '@platform/observability';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

/** Ready when Postgres answers and every migration the process needs is applied. */
@Injectable()
export class DatabaseReadinessCheck implements ReadinessCheck {
  readonly name = 'database';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MIGRATION_SETS) private readonly sets: readonly MigrationSet[],
  ) {}

  async check(): Promise<string> {
    await this.dataSource.query('SELECT 1');
    const pending = await pendingMigrations(this.dataSource, this.sets);
    if (pending.length) throw new Error(`pending migrations: ${pending.join(', ')}`);
    return `schemas ${this.sets.map((s) => s.schema).join(', ')} migrated`;
  }
}

/** Ready when Redis answers PING. */
@Injectable()
export class RedisReadinessCheck implements ReadinessCheck {
  readonly name = 'redis';

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async check(): Promise<void> {
    const pong = await this.redis.ping();
    if (pong !== 'PONG') throw new Error(`unexpected PING answer ${pong}`);
  }
}
