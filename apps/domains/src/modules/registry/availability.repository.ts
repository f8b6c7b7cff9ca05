import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEntity } from '../domains/domain.entity';

/** What availability reads of the registrations (`domains.domains`). */
@Injectable()
export class AvailabilityRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Which of `domains` are registered here, by any account in any status: one query for all. */
  async findRegisteredAmong(domains: readonly string[]): Promise<string[]> {
    const rows = await this.manager
      .getRepository(DomainEntity)
      .createQueryBuilder('d')
      .select('d.domain', 'domain')
      .where('d.domain = ANY(:domains)', { domains })
      .getRawMany<{ domain: string }>();
    return rows.map((r) => r.domain);
  }
}
