import { randomUUID } from 'node:crypto';
import type { DomainEntity } from '../../src/modules/domains/domain.entity';
import type { NewDomain } from '../../src/modules/domains/domains.repository';

/** A registration row of `domain` for the repositories' specs: ACTIVE, no expiry, no zone. */
export function domainRow(domain: string, accountId: string, extra: Partial<DomainEntity> = {}): NewDomain {
  return {
    domainId: randomUUID(),
    domain,
    accountId,
    status: 'ACTIVE',
    expires: null,
    renewAuto: false,
    privacy: false,
    locked: false,
    nameServers: [],
    contacts: {},
    authCode: 'code',
    ...extra,
  };
}
